/// §7.8.3, Table 11: the penalty of a masked symbol; the encoder keeps the mask that scores lowest.
enum QRPenalty {
    /// N1 to N4 of Table 11.
    static let run = 3, block = 3, finderLike = 40, balance = 10

    static func score(_ matrix: QRMatrix) -> Int {
        let size = matrix.size
        var total = 0
        for index in 0..<size {
            let row = (0..<size).map { matrix[$0, index] }
            let column = (0..<size).map { matrix[index, $0] }
            total += runs(row) + runs(column) + finderLikePatterns(row) + finderLikePatterns(column)
        }
        total += blocks(matrix)
        total += imbalance(matrix)
        return total
    }

    /// Feature 1: each run of five or more same-coloured modules in a line scores N1 + (length - 5).
    static func runs(_ line: [Bool]) -> Int {
        var score = 0
        var length = 0
        for index in line.indices {
            length = index > 0 && line[index] == line[index - 1] ? length + 1 : 1
            if length == 5 {
                score += run
            } else if length > 5 {
                score += 1
            }
        }
        return score
    }

    /// Feature 2: each 2×2 block of one colour (overlapping blocks counted each) scores N2.
    static func blocks(_ matrix: QRMatrix) -> Int {
        var score = 0
        for y in 0..<(matrix.size - 1) {
            for x in 0..<(matrix.size - 1) {
                let colour = matrix[x, y]
                if matrix[x + 1, y] == colour, matrix[x, y + 1] == colour, matrix[x + 1, y + 1] == colour { score += block }
            }
        }
        return score
    }

    /// Feature 3: dark-light-dark×3-light-dark (1:1:3:1:1) with four light modules on either
    /// side, in a line; beyond the symbol counts as light (the quiet zone).
    static func finderLikePatterns(_ line: [Bool]) -> Int {
        let core: [Bool] = [true, false, true, true, true, false, true]
        let light = [Bool](repeating: false, count: 4)
        let patterns = [light + core, core + light]
        var score = 0
        for start in -4...(line.count - 7) {
            for pattern in patterns where matches(pattern, in: line, at: start) { score += finderLike }
        }
        return score
    }

    private static func matches(_ pattern: [Bool], in line: [Bool], at start: Int) -> Bool {
        for (offset, expected) in pattern.enumerated() {
            let index = start + offset
            let actual = line.indices.contains(index) ? line[index] : false
            if actual != expected { return false }
        }
        return true
    }

    /// Feature 4: N4 for each full 5 % the dark proportion departs from 50 %.
    static func imbalance(_ matrix: QRMatrix) -> Int {
        let dark = matrix.darkCount
        let total = matrix.size * matrix.size
        // |dark / total - 1/2| in steps of 5 %, rounded down.
        return abs(dark * 20 - total * 10) / total * balance
    }
}

extension QRMatrix {
    var darkCount: Int {
        var count = 0
        for y in 0..<size {
            for x in 0..<size where self[x, y] { count += 1 }
        }
        return count
    }
}
