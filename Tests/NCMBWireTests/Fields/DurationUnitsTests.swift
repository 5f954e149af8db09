import NCMBWire
import Testing

@Suite struct DurationUnitsTests {
    @Test func wholeMillisecondsRoundTowardZero() {
        #expect(Duration.seconds(30 * 86_400).wholeMilliseconds == 2_592_000_000)
        #expect(Duration.microseconds(1_999).wholeMilliseconds == 1)
        #expect(Duration.nanoseconds(999_999).wholeMilliseconds == 0)
        #expect((Duration.zero - .microseconds(1_500)).wholeMilliseconds == -1)
    }

    @Test func wholeNanosecondsKeepEveryNanosecond() {
        #expect((Duration.seconds(2) + .nanoseconds(7)).wholeNanoseconds == 2_000_000_007)
    }

    @Test func fractionalUnitsKeepTheFraction() {
        #expect(Duration.microseconds(1_500).fractionalMilliseconds == 1.5)
        #expect(Duration.milliseconds(2_250).fractionalSeconds == 2.25)
        #expect(Duration.zero.fractionalSeconds == 0)
    }
}
