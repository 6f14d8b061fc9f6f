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

@Suite struct AbsolutePathTests {
    @Test func aRelativePathIsResolvedOnceAgainstTheGivenDirectory() {
        #expect(FilePaths.absolute("plume-players", from: "/srv/plume") == "/srv/plume/plume-players")
        #expect(FilePaths.absolute("./plume-players", from: "/srv/plume") == "/srv/plume/plume-players")
        #expect(FilePaths.absolute("./plume-players/", from: "/srv/plume/") == "/srv/plume/plume-players")
        #expect(FilePaths.absolute("../data/./homes", from: "/srv/plume") == "/srv/data/homes")
    }

    @Test func anAbsolutePathIsOnlyWrittenPlainly() {
        #expect(FilePaths.absolute("/var/lib//plume/./players", from: "/elsewhere") == "/var/lib/plume/players")
        #expect(FilePaths.absolute("/", from: "/x") == "/")
        #expect(FilePaths.absolute("/..", from: "/x") == "/")
    }

    /// Resolving an already absolute path changes nothing: the host's homes never move twice.
    @Test func resolvingTwiceIsResolvingOnce() {
        for path in ["plume-players", "./a/../b", "x//y/.", "/a/b"] {
            let once = FilePaths.absolute(path, from: "/srv")
            #expect(FilePaths.absolute(once, from: "/somewhere/else") == once)
        }
    }

    @Test func withoutADirectoryTheWorkingDirectoryIsUsed() {
        let here = FileManager.default.currentDirectoryPath
        #expect(FilePaths.absolute("plume-players") == FilePaths.absolute(here + "/plume-players", from: "/"))
        #expect(FilePaths.absolute("plume-players").hasPrefix("/"))
    }
}
