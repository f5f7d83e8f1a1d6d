// Instructions retired, from the kernel's performance counters (perf_event_open). User space
// only: excluding the kernel and the hypervisor is what `perf_event_paranoid` 2, the usual
// default, allows an unprivileged process.

#include "BenchCounters.h"

#if defined(__linux__)

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int bench_instructions_open(void) {
  struct perf_event_attr attributes;
  memset(&attributes, 0, sizeof attributes);
  attributes.size = sizeof attributes;
  attributes.type = PERF_TYPE_HARDWARE;
  attributes.config = PERF_COUNT_HW_INSTRUCTIONS;
  attributes.disabled = 1;
  attributes.exclude_kernel = 1;
  attributes.exclude_hv = 1;
  long descriptor = syscall(SYS_perf_event_open, &attributes, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  return descriptor < 0 ? -errno : (int)descriptor;
}

int bench_instructions_start(int descriptor) {
  if (ioctl(descriptor, PERF_EVENT_IOC_RESET, 0) != 0) return -errno;
  if (ioctl(descriptor, PERF_EVENT_IOC_ENABLE, 0) != 0) return -errno;
  return 0;
}

int64_t bench_instructions_stop(int descriptor) {
  if (ioctl(descriptor, PERF_EVENT_IOC_DISABLE, 0) != 0) return -errno;
  uint64_t count = 0;
  if (read(descriptor, &count, sizeof count) != (ssize_t)sizeof count) return -EIO;
  return (int64_t)count;
}

#else

#include <errno.h>

int bench_instructions_open(void) { return -ENOSYS; }
int bench_instructions_start(int descriptor) { return -ENOSYS; }
int64_t bench_instructions_stop(int descriptor) { return -ENOSYS; }

#endif
