// The config files' TOML: what the settings use reads as TOML says, everything else is refused
// with its line, and nothing stops the process (inputs that stopped TOMLKit's parser included).
import Testing
import GameState

@Suite struct ConfigTOMLTests {
    func parsed(_ text: String) throws -> [String: ConfigTOML.Value] { try ConfigTOML.parse(text) }

    func refusal(_ text: String) -> ConfigTOML.Refusal? {
        do {
            _ = try ConfigTOML.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func everyStringFormReadsAsTOMLSays() throws {
        let text = #"""
        \#u{FEFF}# a comment
        basic = "tab\there \"quoted\" \\ \u00e9 \U0001F600"
        literal = 'C:\path\no escapes'   # trailing comment
        "quoted key" = "x"
        'literal key' = ''
        multi = """
        one
        two \
            joined"""
        raw = '''
        first line kept '' and ''''
        quotes = """"inside"""""
        """#
        let table = try parsed(text)
        #expect(table["basic"] == .text("tab\there \"quoted\" \\ é 😀"))
        #expect(table["literal"] == .text(#"C:\path\no escapes"#))
        #expect(table["quoted key"] == .text("x") && table["literal key"] == .text(""))
        #expect(table["multi"] == .text("one\ntwo joined"))
        #expect(table["raw"] == .text("first line kept '' and '"))
        #expect(table["quotes"] == .text("\"inside\"\""))
    }

    @Test func numbersBooleansAndListsOverLines() throws {
        let table = try parsed("a = 1_000\nb = -42\nc = 0xFF\nd = 0o17\ne = 0b101\nf = +7\ng = true\nh = false\n"
                               + "i = [\n  \"x\", # one\n  'y',\n\n]\nj = [[1, 2], []]\nk = -9223372036854775808\r\nl = 0\n")
        #expect(table["a"] == .integer(1000) && table["b"] == .integer(-42) && table["c"] == .integer(255))
        #expect(table["d"] == .integer(15) && table["e"] == .integer(5) && table["f"] == .integer(7) && table["l"] == .integer(0))
        #expect(table["g"] == .boolean(true) && table["h"] == .boolean(false))
        #expect(table["i"] == .list([.text("x"), .text("y")]))
        #expect(table["j"] == .list([.list([.integer(1), .integer(2)]), .list([])]))
        #expect(table["k"] == .integer(Int.min))
    }

    @Test(arguments: [
        ("port = 80\n[server]\n", 2, "\"[server]\" starts a table"),
        ("[é]\n", 1, "starts a table"),
        ("  [[\u{FFFD}x]]\n", 1, "starts a table"),
        ("a.b = 1\n", 1, "dotted keys"),
        ("a = 1\na = 2\n", 2, "\"a\" is given twice"),
        ("a = 1979-05-27T-07:32:00Z\n", 1, "is not a value here"),
        ("a = 1.5\n", 1, "is not a value here"),
        ("a = inf\n", 1, "is not a value here"),
        ("a = 0x\n", 1, "is not a value here"),
        ("a = 1__0\n", 1, "is not a value here"),
        ("a = 012\n", 1, "is not a value here"),
        ("a = 99999999999999999999\n", 1, "too large"),
        ("a = { b = 1 }\n", 1, "inline tables"),
        ("a = \"open\n", 1, "not closed on its line"),
        ("\n\na = '''never\nclosed\n", 5, "not closed"),
        ("a = [1, 2\n", 2, "not closed with ]"),
        ("a = [1 2]\n", 1, "expected , or ]"),
        ("a = \"\\q\"\n", 1, "not an escape"),
        ("a = \"\\uD800\"\n", 1, "not a Unicode character"),
        ("a = \"\\u12\"\n", 1, "hexadecimal digits"),
        ("a = \"bell\u{07}\"\n", 1, "control character (U+0007)"),
        ("a =\n", 1, "no value"),
        ("a = 1 b = 2\n", 1, "end of the line"),
        ("= 1\n", 1, "expected a key"),
        ("a 1\n", 1, "expected = after the key"),
        ("a = 1\r", 1, "end of the line"),
    ])
    func whatNoSettingTakesIsRefusedWithItsLine(_ text: String, _ line: Int, _ words: String) {
        let refused = refusal(text)
        #expect(refused?.line == line, "\(text.debugDescription): \(String(describing: refused))")
        #expect(refused?.words.contains(words) == true, "\(text.debugDescription): \(String(describing: refused))")
    }

    @Test func listsNestOnlySoDeep() {
        let deep = "a = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(refusal(deep)?.words.contains("nested more than") == true)
        let fine = "a = " + String(repeating: "[", count: ConfigTOML.maxDepth) + String(repeating: "]", count: ConfigTOML.maxDepth)
        #expect(refusal(fine) == nil)
    }

    @Test func whatIsQuotedFromTheFileCarriesNoControlCharacter() throws {
        for text in ["\u{1B}[31m = 1", "a = \u{1B}]52;c;aGk=\u{07}", "[\u{9B}31m]", "a = 1 \u{1B}[2J"] {
            let refused = try #require(refusal(text))
            #expect(!refused.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(refused)")
        }
    }
}
