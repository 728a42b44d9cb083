import Testing

@testable import BreezeConfig

/// The parser's byte tests (`ASCIIText`, `QuotedText.isTerminated`'s shortcut) against the
/// character tests they replaced, on good, odd and hostile text: each must decide the same.
struct ASCIITextTests {
    /// The test the parser made on each `Character` of a key or section kind.
    static func oldIsKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    static let samples: [String] = {
        var samples = [
            "", "Latitude", "Latitude=1", "Api-Key_2", "2Key", "_key", "-", "Key Name", "Key\tName", "City",
            "Key\r\n", "Key\r", "\r\nKey", "Ke\u{0}y", "Key\u{7}", "Key\u{7F}", "\u{FEFF}Key", "Kéy", "Ke\u{301}y",
            "K\u{301}", "東京", "東京=大阪", "Name=東京", "=", "==", "Key==v", "Key =v", " Key=v", "Key=\u{338}v",
            "Key\u{338}=v", "=\u{338}", "a=\u{338}=b", "Name=\"東京 \\\"x\\\"\"", "Key=\"open", "Key=\"closed\"",
            "Key=a, \"b c\", d", "Key=\"a\" \"b", "Key=\\\"", "Key=\"\\\\\"", "Key=\"\\\"", "Key=#x", "Key=;x",
            "Key=\u{85}v", "Key=v\u{2028}", "ＫＥＹ", "Key٣", "K²", "ⅫKey", "\u{1F600}", "Key=\u{1F1EB}\u{1F1F7}",
            "Key=\u{FF}", "Key=\u{D7FF}\u{E000}",
            String(repeating: "K", count: 200), String(repeating: "東", count: 200) + "=" + String(repeating: "x", count: 200),
            String(repeating: "\"", count: 3), "\"", "\"\"", "\"a,b\" c",
        ]
        // Invalid UTF-8, as the loader decodes it (replacement characters).
        samples.append(String(decoding: [0x4B, 0xFF, 0x3D, 0x76, 0xC3], as: UTF8.self))
        samples.append(String(decoding: [0x3D, 0xCC, 0x81, 0xE2, 0x82], as: UTF8.self))
        return samples
    }()

    @Test func isKeyDecidesAsCharactersDid() {
        for sample in Self.samples {
            #expect(ASCIIText.isKey(sample) == sample.allSatisfy(Self.oldIsKeyCharacter), "\(sample.debugDescription)")
            let substring = sample.dropFirst()
            #expect(ASCIIText.isKey(substring) == substring.allSatisfy(Self.oldIsKeyCharacter), "\(sample.debugDescription)")
        }
    }

    @Test func aKeyStartsWithALetterAsCharactersSaid() {
        for sample in Self.samples where sample.allSatisfy(Self.oldIsKeyCharacter) {
            #expect(sample.utf8.first.map(ASCIIText.isLetter) == (sample.first?.isLetter == true ? true : sample.isEmpty ? nil : false))
        }
    }

    @Test func theFirstEqualsIsTheFirstEqualsCharacter() {
        for sample in Self.samples {
            let found = ASCIIText.firstEquals(in: sample)
            #expect(found == sample.firstIndex(of: "="), "\(sample.debugDescription)")
            if let found {
                #expect(String(sample[..<found]) == String(sample[..<sample.firstIndex(of: "=")!]))
            }
        }
    }

    @Test func terminationIsDecidedAsTheWordsDecideIt() {
        for sample in Self.samples {
            #expect(QuotedText.isTerminated(sample) == (QuotedText.words(sample) != nil), "\(sample.debugDescription)")
        }
    }
}

/// `ValueSyntax.number`'s test on bytes against the one on characters it replaced.
struct NumberSyntaxTests {
    @Test func numbersAreTheSameOnBytes() {
        let samples = ASCIITextTests.samples + [
            "48.8566", "-0.1278", "1e-3", "+5", "1E300", "1e400", "nan", "inf", "٣", "１", "4\u{301}", "4\r\n", "0x1p3",
            "  1", "1 ", "--1", "1.2.3", ".", "e", "", "4\u{0}",
        ]
        for sample in samples {
            let old: Double? = {
                guard sample.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(sample),
                    value.isFinite
                else { return nil }
                return value
            }()
            #expect(ValueSyntax.number(sample) == old, "\(sample.debugDescription)")
        }
    }
}

/// `QuotedText.quoted`'s shortcut for ASCII against the character-by-character reading.
struct QuotedShortcutTests {
    /// The reading as it was: character by character.
    static func oldQuoted(_ text: Substring) -> (String, Substring)? {
        var content = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { return (content, text[text.index(after: index)...]) }
            if character == "\\" {
                let next = text.index(after: index)
                guard next < text.endIndex else { return nil }
                switch text[next] {
                case "\"": content.append("\"")
                case "\\": content.append("\\")
                case "n": content.append("\n")
                case "r": content.append("\r")
                case "t": content.append("\t")
                default:
                    content.append("\\")
                    content.append(text[next])
                }
                index = text.index(after: next)
                continue
            }
            content.append(character)
            index = text.index(after: index)
        }
        return nil
    }

    @Test func quotedReadsAsCharacterByCharacter() {
        let samples = ASCIITextTests.samples.filter { $0.hasPrefix("\"") } + [
            "\"Paris\"", "\"Paris\" tail", "\"a\\\"b\"", "\"a\\\\\"", "\"a\\nb\\tc\\rd\\qe\"", "\"\"", "\"", "\"open",
            "\"東京\"", "\"a\r\nb\"", "\"a\u{0}b\"", "\"x\" \"y\"", "\"" + String(repeating: "z", count: 200) + "\"",
            "\"tab\there\"", "\"\\", "\"a\\\"",
        ]
        for sample in samples {
            let new = QuotedText.quoted(sample[...])
            let old = Self.oldQuoted(sample[...])
            #expect(new?.0 == old?.0 && new.map { String($0.1) } == old.map { String($0.1) }, "\(sample.debugDescription)")
        }
        // Where they differ, on purpose: a combining mark after a quote no longer hides it
        // (a name written by `QuotedText.quote` must read back whole).
        let joined = QuotedText.quoted("\"a\"\u{301}b\""[...])
        let rest: [Unicode.Scalar] = ["\u{301}", "b", "\""]
        #expect(joined?.0 == "a" && joined.map { Array($0.1.unicodeScalars) } == rest)
        // (A constant: the #expect macro cannot quote a literal whose quote carries a mark.)
        let hidden = String(decoding: [0x61, 0x22, 0xCC, 0x81, 0x62], as: UTF8.self)
        #expect(Self.oldQuoted("\"a\"\u{301}b\""[...])?.0 == hidden)
    }
}
