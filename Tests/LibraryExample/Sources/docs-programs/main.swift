import AuthctlKit
import Foundation

// Programs written from Firebase's own Authentication pages for Apple platforms, the way a
// developer following those pages writes them (one file per page, its address at the top),
// with AuthctlKit in FirebaseAuth's place. They are compiled, not run: a page's call that does
// not compile against AuthctlKit while the inventory (Docs/FirebaseAuthAPI.tsv) says
// "implemented" is a gap in the library (issue 36). What the inventory marks not applicable is
// left out, each file naming the row.

let usage = "docs-programs: compiled by `make library-example`; not meant to be run"
FileHandle.standardError.write(Data((usage + "\n").utf8))
