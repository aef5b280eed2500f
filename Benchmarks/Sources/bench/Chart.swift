import Foundation

// The chart: one bar per comparison, from 1× (as fast as its baseline) to its
// ratio on a log scale: to the right when the way measured is slower than its
// baseline, to the left when it is faster (a ratio under 1× is a bar of its
// own length, not a sliver). A tick marks the claim's bound, and the label
// says which side of it the claim wants: "≥ 10×" a lower bound, "≤ 2×" an
// upper one. Green: the claim held; red: it did not; grey: a quick run, which
// does not judge (its sizes are not the claims'). Beside the ratio, what SQLite
// counted in one run of each side (the mechanism: "syncs 1,000 / 3"). Labels
// are never cut: the label column is as wide as the longest one. Plain SVG,
// written by hand.

extension Report {
    /// Whether a result's colour says held or not: a quick run judges only exact claims.
    func judged(_ result: Result) -> Bool { !quick || result.claimDirection == .exactly }

    func chart() -> String {
        let labels = results.map { "\($0.section) · \($0.name)" }
        // About 7 px per character of 12 px sans-serif: wide enough for the longest label.
        let labelWidth = max(520, 7.0 * Double(labels.map(\.count).max() ?? 0) + 16)
        let plotWidth = 440.0
        let rowHeight = 22.0
        let top = 74.0
        let width = labelWidth + plotWidth + 380
        let height = top + rowHeight * Double(results.count) + 40
        func hasBound(_ result: Result) -> Bool {
            result.claimDirection == .atLeast || result.claimDirection == .atMost
        }
        let ratios = results.flatMap { [$0.ratio] + (hasBound($0) ? [$0.claimBound] : []) }
        let low = log10(min(0.5, (ratios.min() ?? 1) / 1.5))
        let high = log10(max(ratios.max() ?? 10, 10) * 1.5)
        /// Where a ratio falls on the x axis.
        func x(_ ratio: Double) -> Double {
            labelWidth + plotWidth * (log10(max(ratio, pow(10, low))) - low) / (high - low)
        }

        var svg: [String] = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
                + "font-family=\"sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            text(
                8, 20, "Chapter 12 · time of each way ÷ time of its baseline (log scale; bars start at 1×)", size: 14,
                weight: "bold"),
            text(
                8, 38,
                "tick = the claim's bound: \"≥\" a lower bound (the ratio must reach it), \"≤\" an upper bound "
                    + "(it must stay under it) · counted: this way / the baseline, one run each"),
            text(
                8, 56,
                "\(date) · \(machine.summary)"
                    + (quick ? " · --quick: not for quoting; grey = not judged at these sizes" : ""), fill: "#555"),
        ]
        // Grid lines at the powers of ten: 0.1×, 1×, 10×, 100×, … (1× darker: where every bar starts).
        var decade = pow(10, floor(low))
        while log10(decade) <= high {
            if log10(decade) >= low {
                let position = x(decade)
                svg.append(line(position, top - 6, position, height - 30, stroke: decade == 1 ? "#888" : "#ddd"))
                svg.append(text(position - 10, height - 14, String(format: "%g×", decade), fill: "#555"))
            }
            decade *= 10
        }
        for (row, result) in results.enumerated() {
            let y = top + rowHeight * Double(row)
            let color = judged(result) ? (result.holds ? "#3a9a5b" : "#c8403a") : "#9a9a9a"
            svg.append(text(8, y + 14, labels[row], fill: "#222"))
            let (from, to) = (min(x(1), x(result.ratio)), max(x(1), x(result.ratio)))
            svg.append(
                "<rect x=\"\(from)\" y=\"\(y + 4)\" width=\"\(max(1, to - from))\" "
                    + "height=\"\(rowHeight - 8)\" fill=\"\(color)\"/>")
            // Claims on a ratio get a tick at their bound; claims on a time in seconds do not.
            var end = to
            var label = "\(formatRatio(result.ratio))×"
            if hasBound(result) {
                let bound = x(result.claimBound)
                svg.append(line(bound, y + 1, bound, y + rowHeight - 1, stroke: "#000", width: 2))
                end = max(end, bound)
                label += " (claim \(result.claimDirection == .atLeast ? "≥" : "≤") \(formatRatio(result.claimBound))×)"
            }
            if let counted = result.counted, let measured = result.measuredCount, let baseline = result.baselineCount {
                label += " · \(counted) \(formatCount(measured)) / \(formatCount(baseline))"
            }
            svg.append(text(end + 6, y + 14, label))
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }
}

private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}

private func text(
    _ x: Double, _ y: Double, _ content: String, size: Int = 12, weight: String = "normal",
    fill: String = "#000"
) -> String {
    "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(fill)\">\(escape(content))</text>"
}

private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1) -> String {
    "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"/>"
}
