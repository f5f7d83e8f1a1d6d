#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `outline [--check] [--script FILE] [--size COLUMNSxLINES] [PATH]`: see OutlineApp.
exit(OutlineApp.run(Array(CommandLine.arguments.dropFirst())))
