/// `y`: the path of the node under the cursor, to the terminal's clipboard (OSC 52).
extension OutlineController {
  /// `y`: queues the OSC 52 sequence that puts the path of the node under the cursor (a JSON
  /// path such as `.animals.dog[0]`, or the entry's path) on the terminal's clipboard, and
  /// shows the path. Control characters in names come out escaped. O(depth × siblings).
  func copyPath() {
    guard let id = selected?.node else {
      message = "a section header has no path"
      return
    }
    let path = model.copyablePath(of: id)
    terminalOutput += Self.clipboardSequence(for: path)
    message = "copied " + path
  }

  /// `ESC ] 52 ; c ; base64 BEL`: sets the clipboard to `text`. O(text).
  static func clipboardSequence(for text: String) -> [UInt8] {
    Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
  }

  /// Takes the bytes queued for the terminal (written before the next frame). O(1).
  func takeTerminalOutput() -> [UInt8] {
    defer { terminalOutput = [] }
    return terminalOutput
  }

  /// `bytes` in base64 (RFC 4648, with padding). O(bytes).
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var chunk = UInt32(bytes[index]) << 16
      if count > 1 { chunk |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { chunk |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        if position <= count {
          out.append(alphabet[Int((chunk >> (18 - 6 * UInt32(position))) & 0x3F)])
        } else {
          out.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return out
  }
}
