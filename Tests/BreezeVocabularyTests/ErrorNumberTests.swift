import BreezeVocabulary
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// System errors are worded by the C library, once.
struct ErrorNumberTests {
    @Test func knownNumbersHaveTheirText() {
        #expect(ErrorNumber.text(ENOENT) == "No such file or directory")
        #expect(ErrorNumber.text(ENOSPC) == "No space left on device")
    }

    @Test func theErrnoOfAFailedCallIsWordedAsItHappened() {
        let result = open("/nonexistent-breeze-folder/file", O_RDONLY)
        let code = errno
        #expect(result == -1)
        #expect(ErrorNumber.text(code) == "No such file or directory")
    }

    @Test func anUnknownNumberStillGivesText() {
        #expect(ErrorNumber.text(99_999).contains("99999"))
    }
}
