/// One section after merging: every file's `[Kind "name"]` of the same kind and name,
/// assignments in file order (main file first, then drop-ins in lexical order).
struct MergedSection: Sendable {
    var kind: String
    var name: String?
    /// Where the section first appears.
    var location: SourceLocation
    var assignments: [Assignment]

    /// `[Kind]` or `[Kind "name"]`, for messages.
    var title: String {
        if let name { "[\(kind) \"\(name)\"]" } else { "[\(kind)]" }
    }
}

/// Merges parsed files into sections, checking section and key names against the schema.
enum Document {
    /// The merged sections, in order of first appearance. Unknown sections and keys are
    /// reported and left out.
    static func merge(_ files: [ParsedFile], diagnostics: inout DiagnosticCollector)
        -> [MergedSection]
    {
        var merged: [MergedSection] = []
        // Where each section is in `merged`: a linear search made 10,000 cities quadratic.
        var positions: [SectionKey: Int] = [:]
        positions.reserveCapacity(files.reduce(0) { $0 + $1.sections.count })
        for file in files {
            // Same-named sections merge across files; inside one file a repeated name is
            // almost always a pasted block, so it is reported.
            var seenInFile: [String: SourceLocation] = [:]
            seenInFile.reserveCapacity(file.sections.count)
            for section in file.sections {
                guard let schema = checkedSchema(section, diagnostics: &diagnostics) else { continue }
                let identity = "\(section.kind)\u{0}\(section.name ?? "")"
                if let name = section.name, let first = seenInFile[identity] {
                    let noun = section.kind == "City" ? "city" : section.kind == "Sensor" ? "sensor" : "receiver"
                    diagnostics.error(
                        "duplicate \(noun) \"\(name)\" (first defined at line \(first.line ?? 0))",
                        at: section.location)
                }
                seenInFile[identity] = seenInFile[identity] ?? section.location
                let assignments = section.assignments.filter { assignment in
                    knownKey(assignment, in: section, schema: schema, diagnostics: &diagnostics)
                }
                let key = SectionKey(kind: section.kind, name: section.name)
                if let index = positions[key] {
                    merged[index].assignments += assignments
                } else {
                    positions[key] = merged.count
                    merged.append(
                        MergedSection(
                            kind: section.kind, name: section.name, location: section.location,
                            assignments: assignments))
                }
            }
        }
        return merged
    }

    private struct SectionKey: Hashable {
        var kind: String
        var name: String?
    }

    private static func checkedSchema(
        _ section: ParsedSection, diagnostics: inout DiagnosticCollector
    ) -> Schema.Section? {
        guard let schema = Schema.section(section.kind) else {
            let hint = Suggestion.hint(
                for: section.kind, among: Schema.sections.map(\.kind), format: { "[\($0)]" })
            diagnostics.error("unknown section [\(section.kind)]\(hint)", at: section.location)
            return nil
        }
        if schema.named, section.name == nil {
            diagnostics.error(
                "section [\(section.kind)] needs a name, like [\(section.kind) \"name\"]",
                at: section.location)
            return nil
        }
        if !schema.named, section.name != nil {
            diagnostics.error("section [\(section.kind)] takes no name", at: section.location)
            return nil
        }
        return schema
    }

    private static func knownKey(
        _ assignment: Assignment, in section: ParsedSection, schema: Schema.Section,
        diagnostics: inout DiagnosticCollector
    ) -> Bool {
        guard !schema.keys.contains(assignment.key) else { return true }
        let title = MergedSection(
            kind: section.kind, name: section.name, location: section.location, assignments: []
        ).title
        let hint = Suggestion.hint(
            for: assignment.key, among: schema.keys, format: { "\"\($0)\"" })
        diagnostics.error(
            "unknown key \"\(assignment.key)\" in \(title)\(hint)", at: assignment.location)
        return false
    }
}
