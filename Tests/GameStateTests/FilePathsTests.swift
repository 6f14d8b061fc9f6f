// FilePaths.directory stands in for NSString.deletingLastPathComponent, which this toolchain's
// Foundation crashes on for any one-character path but "/".
import Foundation
import Testing
import GameState

@Suite struct FilePathsTests {
    @Test(arguments: ["a", " ", ".", "~", "é", "x"])
    func aOneCharacterNameHasNoDirectory(_ path: String) {
        #expect(FilePaths.directory(of: path) == "")
    }

    @Test(arguments: ["/", "/a", "/a/", "a/b", "a/b/", "a//b", "/var/lib/plume/plume.sqlite", "./plume.sqlite", "../x/y",
                      "plume.sqlite", "  ", "a ", " a", "x/ ", "/ ", "dir with space/file", "a/b//", "ü/ñ"])
    func agreesWithFoundationWhereFoundationWorks(_ path: String) {
        #expect(FilePaths.directory(of: path) == (path as NSString).deletingLastPathComponent)
    }

    /// Where Foundation answers "" (nothing) for the root written twice, the root is meant.
    @Test func theRootWrittenTwiceIsTheRoot() {
        #expect(FilePaths.directory(of: "//") == "/")
        #expect(FilePaths.directory(of: "//a") == "/")
    }
}
