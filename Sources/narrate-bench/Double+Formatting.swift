extension Double {
    /// The value rounded to `digits` decimals, without Foundation ("1.035").
    func fixed(_ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((self * scale).rounded())
        guard digits > 0 else { return "\(scaled)" }
        let whole = scaled / Int(scale)
        var fraction = String(scaled % Int(scale))
        while fraction.count < digits { fraction = "0" + fraction }
        return "\(whole).\(fraction)"
    }

    /// A throughput in MB/s with about three significant digits ("24.1", "0.183").
    var megabytesPerSecond: String {
        "\(fixed(self >= 100 ? 0 : self >= 10 ? 1 : self >= 1 ? 2 : 3)) MB/s"
    }
}
