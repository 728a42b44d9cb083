/// Names from outside (a configuration file, a geocoding answer) that try to bend the text
/// around them, and what each channel must show of them: the table the tests of every surface
/// share (issue: "text no name can bend").
public struct HostileName: Sendable, CustomStringConvertible {
    /// The name as configured.
    public let name: String
    /// As a terminal, a log line, an ntfy message and a mail show it (`VisibleText`).
    public let visible: String
    /// As Slack's plain-text objects carry it: `visible`, then `&`, `<`, `>` as entities.
    public let slack: String
    /// As Discord's markdown carries it: `visible`, markdown's characters backslash-escaped.
    public let discord: String

    public var description: String { visible }

    /// Every hostile name, one per way of bending.
    public static let all: [HostileName] = [
        HostileName(
            name: "[x](http://evil.example)", visible: "[x](http://evil.example)",
            slack: "[x](http://evil.example)", discord: #"\[x\](http://evil.example)"#),
        HostileName(
            name: "*bold* _it_ ~s~ `code` |spoiler| > quote", visible: "*bold* _it_ ~s~ `code` |spoiler| > quote",
            slack: "*bold* _it_ ~s~ `code` |spoiler| &gt; quote",
            discord: #"\*bold\* \_it\_ \~s\~ \`code\` \|spoiler\| \> quote"#),
        HostileName(
            name: "@everyone <!channel> <@U123>", visible: "@everyone <!channel> <@U123>",
            slack: "@everyone &lt;!channel&gt; &lt;@U123&gt;", discord: #"\@everyone \<!channel\> \<\@U123\>"#),
        HostileName(
            name: "# Heading & - list", visible: "# Heading & - list",
            slack: "# Heading &amp; - list", discord: ##"\# Heading & - list"##),
        HostileName(
            name: "Paris\u{202E}gnp.exe", visible: #"Paris\u{202E}gnp.exe"#,
            slack: #"Paris\u{202E}gnp.exe"#, discord: #"Paris\\u{202E}gnp.exe"#),
        HostileName(
            name: "A\u{2066}B\u{2069}C\u{200E}\u{061C}", visible: #"A\u{2066}B\u{2069}C\u{200E}\u{61C}"#,
            slack: #"A\u{2066}B\u{2069}C\u{200E}\u{61C}"#, discord: #"A\\u{2066}B\\u{2069}C\\u{200E}\\u{61C}"#),
        HostileName(
            name: "Pa\u{200B}ri\u{200D}s\u{FEFF}\u{2060}", visible: #"Pa\u{200B}ri\u{200D}s\u{FEFF}\u{2060}"#,
            slack: #"Pa\u{200B}ri\u{200D}s\u{FEFF}\u{2060}"#, discord: #"Pa\\u{200B}ri\\u{200D}s\\u{FEFF}\\u{2060}"#),
        HostileName(name: "東京", visible: "東京", slack: "東京", discord: "東京"),
        HostileName(
            name: String(repeating: "名", count: 200), visible: String(repeating: "名", count: 200),
            slack: String(repeating: "名", count: 200), discord: String(repeating: "名", count: 200)),
        HostileName(
            name: "Pa\u{1B}[2J\u{07}\u{0}ris\r\nBcc: x", visible: #"Pa\x1B[2J\x07\x00ris\r\nBcc: x"#,
            slack: #"Pa\x1B[2J\x07\x00ris\r\nBcc: x"#, discord: #"Pa\\x1B\[2J\\x07\\x00ris\\r\\nBcc: x"#),
    ]
}
