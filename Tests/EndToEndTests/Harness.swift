import TestSupport
import Testing

/// Every end-to-end test drives the real `tooltip-tui` in tmux (the panes, the binaries and
/// the process runner are TestSupport's). They run one at a time: each has its own tmux server,
/// but the long-press and click timings are kinder to an idle machine; for the same reason no
/// test keeping the cores busy runs beside them.
@Suite(.serialized, .timed) enum EndToEnd {}
