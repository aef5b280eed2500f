import Foundation

// The chart: one bar per comparison, its length the ratio on a log scale
// (from 0.5× to beyond the largest ratio), with a tick at the claim's bound.
// Green: the claim held; red: it did not. Beside the ratio, what SQLite
// counted in one run of each side (the mechanism: "syncs 1,000 / 3").
// Plain SVG, written by hand.

extension Report {
    func chart() -> String {
        let labelWidth = 520.0
        let plotWidth = 440.0
        let rowHeight = 22.0
        let top = 56.0
        let width = labelWidth + plotWidth + 330
        let height = top + rowHeight * Double(results.count) + 40
        let largest =
            results.flatMap {
                [$0.ratio, $0.claimDirection == .atLeast || $0.claimDirection == .atMost ? $0.claimBound : 1]
            }
            .max() ?? 10
        let low = log10(0.5)
        let high = log10(max(largest, 10) * 1.5)
        /// Where a ratio falls on the x axis.
        func x(_ ratio: Double) -> Double {
            labelWidth + plotWidth * (log10(max(ratio, 0.5)) - low) / (high - low)
        }

        var svg: [String] = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
                + "font-family=\"sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            text(
                8, 20,
                "Chapter 12 · time of each way ÷ time of its baseline (log scale; tick = the claim's bound)"
                    + " · counted: this way / the baseline, one run each",
                size: 14, weight: "bold"),
            text(8, 38, "\(date) · \(machine.summary)\(quick ? " · --quick: not for quoting" : "")", fill: "#555"),
        ]
        // Grid lines at 1×, 10×, 100×, …
        var decade = 1.0
        while log10(decade) <= high {
            let position = x(decade)
            svg.append(line(position, top - 6, position, height - 30, stroke: "#ddd"))
            svg.append(text(position - 10, height - 14, "\(Int(decade))×", fill: "#555"))
            decade *= 10
        }
        for (row, result) in results.enumerated() {
            let y = top + rowHeight * Double(row)
            let color = result.holds ? "#3a9a5b" : "#c8403a"
            svg.append(text(8, y + 14, "\(result.section) · \(result.name)", fill: "#222", clip: 78))
            svg.append(
                "<rect x=\"\(x(0.5))\" y=\"\(y + 4)\" width=\"\(max(1, x(result.ratio) - x(0.5)))\" "
                    + "height=\"\(rowHeight - 8)\" fill=\"\(color)\"/>")
            // Claims on a ratio get a tick at their bound; claims on a time in seconds do not.
            var end = x(result.ratio)
            if result.claimDirection == .atLeast || result.claimDirection == .atMost {
                let bound = x(result.claimBound)
                svg.append(line(bound, y + 1, bound, y + rowHeight - 1, stroke: "#000", width: 2))
                end = max(end, bound)
            }
            var label = "\(formatRatio(result.ratio))×"
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
    fill: String = "#000", clip: Int = 200
) -> String {
    let shown = content.count > clip ? String(content.prefix(clip - 1)) + "…" : content
    return
        "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(fill)\">\(escape(shown))</text>"
}

private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1) -> String {
    "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"/>"
}
