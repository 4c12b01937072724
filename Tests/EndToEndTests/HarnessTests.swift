import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The tmux harness itself: a wait for something that never comes fails the test, with the screen.
    @Suite struct HarnessTests {
        @Test func waitForFailsTheTestWithTheLastScreenWhenTheTextNeverComes() {
            let tmux = TmuxSession("echo 'harness says hello'")
            #expect(tmux.waitFor("harness says hello").contains("harness says hello"))
            withKnownIssue("waitFor must record a failure") {
                tmux.waitFor("text that is never shown", timeout: 0.5)
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("text that is never shown") && text.contains("harness says hello")
            }
            withKnownIssue("the condition form too") {
                tmux.waitFor(timeout: 0.5) { $0.contains("never") }
            } matching: { issue in issue.comments.map(\.rawValue).joined().contains("harness says hello") }
            #expect(tmux.waitForExit() == 0)
        }
    }
}
