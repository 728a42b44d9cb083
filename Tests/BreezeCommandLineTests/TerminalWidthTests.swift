import BreezeCommandLine
import Testing

/// Terminal columns as the C library's `wcwidth` counts them, whatever the process's locale
/// (the test process never calls `setlocale`: it runs in "C", as `breezectl` does without LANG).
struct TerminalWidthTests {
    @Test(arguments: [
        ("Paris", 5),
        ("東京", 4),
        ("東京 Tokyo", 10),
        // e + COMBINING ACUTE ACCENT is one column, as is the precomposed é.
        ("Caf\u{65}\u{301}", 4),
        ("Café", 4),
        ("😀", 2),
        // A character shown as an emoji by its variation selector takes two.
        ("☠️", 2),
        ("☠", 1),
        // A joined family is one picture.
        ("👨‍👩‍👧", 2),
        ("서울", 4),
        ("µg/m³", 5),
        ("a\r\nb", 3),
        ("\r\n\r\n", 2),
        ("\r\r\n\n", 3),
        ("a long ASCII name, longer than a small string", 45),
        ("Bench 00001\u{1B}[31m\t", 17),
        ("", 0),
    ])
    func columns(_ text: String, _ expected: Int) {
        #expect(TerminalWidth.columns(text) == expected)
    }
}
