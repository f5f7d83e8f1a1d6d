import Foundation
import Testing

/// `--script` sessions of the built executable, with `--check` on, asserting the printed
/// screens exactly (times masked): the acceptance tests of the terminal outline.
@Suite("outline: scripted sessions")
struct ScriptedSessionTests {
  /// The output with every "in 1.23 ms" turned into "in _ ms".
  static func masked(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"in [0-9]+\.[0-9]+ ms"#, with: "in _ ms", options: .regularExpression)
  }

  @Test("a directory: expand, collapse, move, rename, add, delete, fold a section")
  func directorySession() throws {
    let folder = try TemporaryFolder("tree")
    defer { folder.remove() }
    try folder.make([
      "tree/alpha/beta/b.txt", "tree/alpha/a1.txt", "tree/gamma/", "tree/notes.md", "tree/zeta.txt",
    ])
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("tree/link"), withDestinationPath: "alpha")
    let script = try folder.write(Self.directoryScript, to: "session.txt")
    let result = try OutlineProcess.run(
      ["--check", "--script", script, "--size", "64x12", "tree"], in: folder.url)
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(Self.masked(result.output) == Self.directoryScreens + "\n")
    // Nothing on disk changed.
    let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path("tree/alpha"))
    #expect(entries.sorted() == ["a1.txt", "beta"])
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path("tree/link")))
        == "alpha")
  }

  @Test("a JSON file: expand, move, edit, add, delete, and w writes it back")
  func jsonSession() throws {
    let folder = try TemporaryFolder("json")
    defer { folder.remove() }
    let document = try folder.write(Self.document, to: "doc.json")
    let script = try folder.write(Self.jsonScript, to: "session.txt")
    let result = try OutlineProcess.run(
      ["--check", "--script", script, "--size", "64x14", "doc.json"], in: folder.url)
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(Self.masked(result.output) == Self.jsonScreens + "\n")
    let written = try String(contentsOfFile: document, encoding: .utf8)
    #expect(written == Self.writtenDocument)
    // Only the document is left: the temporary file was renamed over it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        == ["doc.json", "session.txt"])
  }

  static let document = """
    {
      "name": "outline",
      "tags": ["terminal", "list"],
      "size": {"rows": 24, "columns": 80},
      "ok": true
    }

    """

  static let writtenDocument = """
    {
      "name": "outline",
      "tags": [
        "terminal",
        "list",
        "tree"
      ],
      "ok": true,
      "size": {
        "rows": 30
      }
    }

    """

  static let directoryScript = """
    # open alpha, then beta below it
    j
    l
    j
    l
    screen
    # back up to beta, close it, move it below a1.txt
    j
    h
    h
    J
    screen
    # rename a1.txt, add a file to beta, delete the link, fold the files section
    k
    r
    backspace
    backspace
    backspace
    type md
    enter
    j
    a
    type new.txt
    enter
    screen
    G
    k
    k
    d
    k
    enter
    """

  static let directoryScreens = """
    outline  tree/  (edits stay in memory)  ? help
     ▾ FOLDERS
     ▾ alpha/
    >  ▾ beta/
           b.txt
         a1.txt
     ▸ gamma/
     ▾ FILES
       link -> alpha
       notes.md
       zeta.txt
    10 rows | last update +1 -0 moved 0 in _ ms

    outline  tree/  (edits stay in memory)  ? help
     ▾ FOLDERS
     ▾ alpha/
         a1.txt
    >  ▸ beta/
     ▸ gamma/
     ▾ FILES
       link -> alpha
       notes.md
       zeta.txt

    9 rows | last update +0 -0 moved 1 in _ ms

    outline  tree/  (edits stay in memory)  ? help
     ▾ FOLDERS
     ▾ alpha/
         a1.md
       ▾ beta/
           b.txt
    >      new.txt
     ▸ gamma/
     ▾ FILES
       link -> alpha
       notes.md
    11 rows | last update +2 -0 moved 0 in _ ms | added new.txt

    outline  tree/  (edits stay in memory)  ? help
     ▾ FOLDERS
     ▾ alpha/
         a1.md
       ▾ beta/
           b.txt
           new.txt
     ▸ gamma/
    >▸ FILES


    8 rows | last update +0 -2 moved 0 in _ ms
    """

  static let jsonScript = """
    # open tags and size
    j
    j
    l
    j
    j
    j
    l
    screen
    # move "ok" up above size, edit rows, add a tag, delete columns, write
    G
    K
    j
    j
    e
    backspace
    backspace
    type 30
    enter
    j
    d
    k
    k
    k
    k
    k
    a
    type "tree"
    enter
    w
    """

  static let jsonScreens = """
    outline  doc.json  (w writes)  ? help
     ▾ DOCUMENT
       "name": "outline"
     ▾ "tags": [2]
         "terminal"
         "list"
    >▾ "size": {2}
         "rows": 24
         "columns": 80
       "ok": true



    9 rows | last update +2 -0 moved 0 in _ ms

    outline  doc.json  (w writes)  ? help
     ▾ DOCUMENT
       "name": "outline"
     ▾ "tags": [3]
         "terminal"
         "list"
    >    "tree"
       "ok": true
     ▾ "size": {1}
         "rows": 30



    9 rows | last update +1 -0 moved 0 in _ ms | wrote 126 bytes…
    """
}
