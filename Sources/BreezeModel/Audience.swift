/// Who reads a receiver's messages (`Audience=`): everyone, or the people at risk first.
public enum Audience: String, Sendable, Codable, CaseIterable, Hashable {
    /// The general public: alerted at `Threshold=`, told what everyone should do.
    case general
    /// People with heart or lung disease, asthma, children and teenagers, older adults,
    /// outdoor workers: alerted from `SensitiveThreshold=` (Unhealthy for Sensitive Groups by
    /// default), told what they should do first.
    case sensitive
}
