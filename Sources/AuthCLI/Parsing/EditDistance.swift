/// Near-miss suggestions for mistyped commands and options ("Did you mean 'whoami'?").
package enum EditDistance {
    /// The optimal string alignment distance (Damerau-Levenshtein without repeated edits of one
    /// substring): the fewest insertions, deletions, substitutions and swaps of two adjacent
    /// characters that turn `a` into `b`. Compares `Character`s, so `é` counts as one.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rolling rows: two back (for swaps), previous, current.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, twoBack[j - 2] + 1)
                }
                current[j] = best
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }

    /// The largest distance still worth suggesting: one edit for short words, two from six
    /// characters on. More than that and the "suggestion" is a different word.
    package static func threshold(for typed: String, _ candidate: String) -> Int {
        min(2, max(1, max(typed.count, candidate.count) / 3))
    }

    /// The candidate closest to `typed`, if it is close enough: within ``threshold(for:_:)``
    /// edits (ignoring case), or `typed` is a prefix of it of at least three characters.
    /// Ties go to the candidate listed first, so the table's order decides.
    package static func suggestion(for typed: String, among candidates: [String]) -> String? {
        let typedKey = typed.lowercased()
        guard !typedKey.isEmpty else { return nil }
        var best: (candidate: String, score: Int)?
        for candidate in candidates where candidate != typed {
            let key = candidate.lowercased()
            let editDistance = distance(typedKey, key)
            let score: Int
            if editDistance <= threshold(for: typedKey, key) {
                score = editDistance
            } else if typedKey.count >= 3, key.hasPrefix(typedKey) {
                // Ranked after every close edit, shorter completions first.
                score = 100 + key.count - typedKey.count
            } else {
                continue
            }
            if let best, best.score <= score { continue }
            best = (candidate, score)
        }
        return best?.candidate
    }
}
