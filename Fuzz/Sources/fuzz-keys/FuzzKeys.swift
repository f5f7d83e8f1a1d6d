// Fuzzes the terminal key decoder: the keys do not depend on how the bytes are split into
// reads; after flush() nothing is pending; every key delivered reads back from its name.

import FuzzSupport
import OutlineCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  // The first byte seeds the chunk sizes; the rest is what the terminal sent.
  var seed = UInt32(input.byte()) | 1
  let bytes = input.rest()

  var whole = KeyDecoder()
  let keys = whole.feed(bytes) + whole.flush()
  fuzzCheck(!whole.isPending, "pending after flush()")
  fuzzCheck(whole.flush().isEmpty, "a second flush() delivered keys")
  for key in keys {
    fuzzCheck(Key(name: key.name) == key, "key \(key) named '\(key.name)' does not read back")
  }

  // One byte a read, then chunks of pseudo-random sizes (1 to 8 bytes), then empty reads
  // between the bytes.
  for split in 0..<3 {
    var decoder = KeyDecoder()
    var got: [Key] = []
    var start = 0
    while start < bytes.count {
      var length = 1
      if split == 1 {
        seed = seed &* 1_103_515_245 &+ 12_345
        length = Int((seed >> 16) % 8) + 1
      }
      let end = min(bytes.count, start + length)
      got += decoder.feed(Array(bytes[start..<end]))
      if split == 2 { got += decoder.feed([]) }
      start = end
    }
    got += decoder.flush()
    fuzzCheck(!decoder.isPending, "pending after flush() (split \(split))")
    fuzzCheck(got == keys, "split \(split) gave \(got), the whole input \(keys)")
  }
  return 0
}
