// The target's one Foundation import (Docs/Decisions/0035): FoundationEssentials where the
// toolchain has it (Linux: the command's static binary stays free of full Foundation), Foundation
// elsewhere. Re-exported, so every file of the target sees it without an import of its own.
#if canImport(FoundationEssentials)
@_exported import FoundationEssentials
#else
@_exported import Foundation
#endif
