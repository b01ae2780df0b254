/// Lengths of audio as listeners read them, in a player, a list or a feed.
public enum DurationText {
    /// "12:05" (minutes and seconds) or "1:02:05".
    public static func minutes(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        if total >= 3600 { return "\(total / 3600):\(two(total / 60 % 60)):\(two(total % 60))" }
        return "\(total / 60):\(two(total % 60))"
    }

    /// "1:02:03.4", "2:14.3" or "9.8 s".
    public static func precise(_ duration: Double) -> String {
        let tenths = Int((duration * 10).rounded())
        let seconds = tenths / 10
        let fraction = tenths % 10
        if seconds < 60 { return "\(seconds).\(fraction) s" }
        let minutes = seconds / 60
        let secondsPart = seconds % 60
        let padded = secondsPart < 10 ? "0\(secondsPart)" : "\(secondsPart)"
        if minutes < 60 { return "\(minutes):\(padded).\(fraction)" }
        let minutesPart = minutes % 60
        return "\(minutes / 60):\(minutesPart < 10 ? "0" : "")\(minutesPart):\(padded).\(fraction)"
    }
}
