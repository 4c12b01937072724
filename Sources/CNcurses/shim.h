#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so ask for the wide-character API here,
// before the first include.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <sys/ioctl.h>
#include <poll.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <pthread.h>
#include <sys/syscall.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#else
#include <curses.h>
#include <term.h>
#endif

// Globals and function-like macros that Swift cannot import (or that Swift 6
// rejects as shared mutable state), re-exported as functions and constants.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline void cn_getmaxyx(WINDOW *w, int *y, int *x) { getmaxyx(w, *y, *x); }
static inline int cn_key_f(int n) { return KEY_F(n); }

static const attr_t CN_A_NORMAL = A_NORMAL;
static const attr_t CN_A_BOLD = A_BOLD;
static const attr_t CN_A_DIM = A_DIM;
static const attr_t CN_A_REVERSE = A_REVERSE;
static const attr_t CN_A_UNDERLINE = A_UNDERLINE;

static const mmask_t CN_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t CN_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t CN_BUTTON1_CLICKED = BUTTON1_CLICKED;
// A move with a button down (button-event tracking, mode 1002).
static const mmask_t CN_REPORT_MOUSE_POSITION = REPORT_MOUSE_POSITION;
// The wheel: up is button 4, down button 5.
static const mmask_t CN_BUTTON4_PRESSED = BUTTON4_PRESSED;
static const mmask_t CN_BUTTON5_PRESSED = BUTTON5_PRESSED;

// Private key codes for the bracketed-paste markers (define_key).
enum { CN_KEY_PASTE_BEGIN = KEY_MAX + 1, CN_KEY_PASTE_END = KEY_MAX + 2 };

static inline FILE *cn_stdout(void) { return stdout; }
static inline FILE *cn_stdin(void) { return stdin; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_errno(void) { return errno; }

/// The C library's width of a code point in the current locale (-1: not printable), for the tests that hold per's
/// own widths to it (decision 388).
extern int wcwidth(wchar_t c);
static inline int cn_wcwidth(unsigned int c) { return wcwidth((wchar_t) c); }

/// The terminal's size as the kernel reports it for fd 1 (what ncurses asks at start): 0 when it cannot say.
static inline int cn_window_size(int *height, int *width) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return 0;
    *height = size.ws_row;
    *width = size.ws_col;
    return 1;
}

/// tigetstr, with both "absent" (NULL) and "not a string capability" ((char *)-1) mapped to NULL.
static inline const char *cn_tigetstr(const char *name) {
    char *s = tigetstr(name);
    if (s == NULL || s == (char *)-1 || *s == '\0') return NULL;
    return s;
}

/// Removes the first `count` bytes of the first `pattern` in the string capability `name`, in place (where ncurses reads it). tigetstr's pointer is the
/// one ncurses uses; the strings live in a writable table (read from the terminfo file, or a char array).
static inline int cn_remove_from_cap(const char *name, const char *pattern, size_t count) {
    char *s = tigetstr(name);
    if (s == NULL || s == (char *)-1) return 0;
    char *at = strstr(s, pattern);
    if (at == NULL || count > strlen(pattern)) return 0;
    memmove(at, at + count, strlen(at + count) + 1);
    return 1;
}

/// sgr sets every attribute at once, starting from a reset: `\E[0;7m` for reverse. An empty first parameter is the
/// same reset (ECMA-48: an omitted parameter is 0; what sgr0's `\E[m` already relies on), so `\E[0` becomes `\E[`
/// and every attribute change is a byte shorter: `\E[;7m`. Only where the 0 is a whole parameter (followed by `;`,
/// `m` or the start of a `%` conditional), so `\E[01m` or `\E[0x` would be left alone. Returns whether it changed sgr.
static inline int cn_drop_explicit_reset_parameter(void) {
    char *s = tigetstr("sgr");
    if (s == NULL || s == (char *)-1) return 0;
    char *at = strstr(s, "\033[0");
    if (at == NULL) return 0;
    char next = at[3];
    if (next != ';' && next != 'm' && next != '%') return 0;
    memmove(at + 2, at + 3, strlen(at + 3) + 1);
    return 1;
}

/// per never uses the alternate character set (its lines are Unicode or ASCII), yet xterm's sgr0 and sgr
/// designate the ASCII set (ESC ( B) on every attribute change, and screen's add SI: three bytes (one) per
/// change, up to a third of a keystroke's output. Drops them; the caller sends rmacs once when it takes the
/// terminal, so a character set left by another program is still reset. Returns whether anything changed.
static inline int cn_trim_attribute_strings(void) {
    int changed = 0;
    changed |= cn_remove_from_cap("sgr0", "\033(B", 3);
    changed |= cn_remove_from_cap("sgr0", "\017", 1);
    changed |= cn_remove_from_cap("sgr", "%e\033(B%;", 5);  // the else branch of %?%p9%t\E(0%e\E(B%;
    changed |= cn_remove_from_cap("sgr", "%e\017%;", 3);
    cn_drop_explicit_reset_parameter();
    return changed;
}

// ---------------------------------------------------------------------------
// Signals and the crash guard. Everything a signal handler touches lives in one
// weak (link-once) object, so every Swift object file that inlines these helpers
// shares the same state. Handlers only use async-signal-safe calls, except the
// crash handler's endwin(), which is best effort: the process is dying anyway.

typedef struct {
    volatile sig_atomic_t sig_hangup;        // the number of the ending signal that arrived (SIGHUP, SIGTERM...), or 0
    volatile sig_atomic_t is_in_curses;      // the crash handler should restore the terminal
    int real_stderr;                         // dup of the original fd 2, or -1
    int capture_fd;                          // the (unlinked) temporary file fd 2 points to, or -1
    char bd_string[64];                      // terminfo BD, copied at start
    char cnorm_string[64];                   // terminfo cnorm, copied at start
    int mouse_tracking;                      // per turned mouse reporting on (modes 1002 and 1006)
    int swapped_fd;                          // the terminal's descriptor while it points at the frame buffer, or -1
    int swapped_saved;                       // a dup of it then, to put back
} cn_state_t;

__attribute__((weak)) cn_state_t cn_state = { 0, 0, -1, -1, {0}, {0}, 0, -1, -1 };

/// The signals that end per the way SIGTERM does: the field in progress committed, saved, the terminal restored.
/// SIGINT and SIGQUIT come from kill(1) (raw mode turns Ctrl-C and Ctrl-\ into keys); SIGQUIT would otherwise
/// let the Swift backtracer draw over the screen; SIGUSR1, SIGUSR2 and SIGALRM would end per at once.
static const int cn_ending_signals[] = { SIGHUP, SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM };
enum { cn_ending_signal_count = sizeof cn_ending_signals / sizeof cn_ending_signals[0] };

static inline void cn_on_hangup(int sig) { cn_state.sig_hangup = sig; }
static inline int cn_hangup_pending(void) { return cn_state.sig_hangup != 0; }
/// The signal that asked per to end, or 0.
static inline int cn_hangup_signal(void) { return cn_state.sig_hangup; }

/// The ending signals set a flag that the input loop turns into a hang-up (commit, save, restore, exit 0).
/// No SA_RESTART, so a blocked read returns EINTR. Installing them replaces the Swift runtime's backtracer
/// handler for SIGQUIT. SIGPIPE is ignored; SIGXFSZ too, so a file size limit is a write error, not death.
/// Call before newterm, so ncurses leaves them alone.
static inline void cn_install_hangup_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cn_on_hangup;
    sigfillset(&sa.sa_mask);  // one handler at a time
    sa.sa_flags = 0;
    for (int i = 0; i < cn_ending_signal_count; i++) sigaction(cn_ending_signals[i], &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
}

static inline void cn_restore_default_hangup_handlers(void) {
    for (int i = 0; i < cn_ending_signal_count; i++) signal(cn_ending_signals[i], SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);
}

/// ncurses takes LINES and COLUMNS from the environment over the terminal's real size (they are left there
/// by `eval $(resize)` and some shells), and then never follows a resize. Unsetting them before newterm is
/// the fix: ncurses then asks the terminal (ioctl) at start and at every SIGWINCH. use_env(FALSE) is not:
/// with ncurses 6.4 the size then stays what it was at start through every resize, use_tioctl(TRUE) or not.
static inline void cn_follow_the_real_size(void) {
    unsetenv("LINES");
    unsetenv("COLUMNS");
}

/// Writes all of `n` bytes, waiting (up to a second at a time) when the descriptor is non-blocking and full.
/// 0 when all were written, -1 otherwise. Async-signal-safe.
static inline int cn_write_fully(int fd, const unsigned char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w > 0) { p += w; n -= (size_t)w; continue; }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            struct pollfd ready = { fd, POLLOUT, 0 };
            if (poll(&ready, 1, 1000) > 0) continue;
        }
        return -1;
    }
    return 0;
}

static inline void cn_write_all(int fd, const char *p, size_t n) { (void) cn_write_fully(fd, (const unsigned char *) p, n); }

/// A file in memory that the bytes ncurses writes for a frame go to before per sends them on, shortened
/// (`MoveFolding`, decision 384); -1 when none can be made.
static inline int cn_frame_buffer_open(void) { return (int) syscall(SYS_memfd_create, "per-frame", 1u /* MFD_CLOEXEC */); }

/// How many bytes the frame buffer holds.
static inline long cn_frame_buffer_size(int fd) { return (long) lseek(fd, 0, SEEK_END); }

/// Copies the frame buffer's first `n` bytes to `into` and empties it; how many were copied, -1 on failure.
static inline long cn_frame_buffer_take(int fd, unsigned char *into, long n) {
    ssize_t got = n > 0 ? pread(fd, into, (size_t) n, 0) : 0;
    if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0) return -1;
    return (long) got;
}

/// Points `fd` (the terminal ncurses writes to) at `buffer_fd` with every catchable signal blocked, so that a frame
/// ncurses draws goes to the frame buffer and nothing restores the terminal through it meanwhile;
/// `cn_end_capture` puts it back and unblocks them. 0 on success; on failure nothing changed.
static inline int cn_begin_capture(int fd, int buffer_fd, sigset_t *old_mask) {
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, old_mask);
    int saved = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (saved < 0 || dup2(buffer_fd, fd) < 0) {
        if (saved >= 0) close(saved);
        pthread_sigmask(SIG_SETMASK, old_mask, NULL);
        return -1;
    }
    cn_state.swapped_saved = saved;
    cn_state.swapped_fd = fd;
    return 0;
}

/// Puts the terminal back after cn_begin_capture (and from the crash handler). Async-signal-safe.
/// 0 when the terminal is back (or was not swapped).
static inline int cn_end_capture(void) {
    int fd = cn_state.swapped_fd, saved = cn_state.swapped_saved;
    if (fd < 0 || saved < 0) return 0;
    int rc;
    do { rc = dup2(saved, fd); } while (rc < 0 && errno == EINTR);
    if (rc < 0) return -1;
    cn_state.swapped_fd = -1;
    cn_state.swapped_saved = -1;
    close(saved);
    return 0;
}

static inline void cn_restore_signal_mask(const sigset_t *old_mask) {
    pthread_sigmask(SIG_SETMASK, old_mask, NULL);
}

/// The most of what is written to stderr while the screen is per's that is shown after: 64 KiB (a page of messages
/// is a few hundred bytes; a runaway writer must not take the machine's memory).
#define CN_STDERR_LIMIT ((off_t)65536)

static inline off_t cn_stderr_limit(void) { return CN_STDERR_LIMIT; }

/// A pipe to capture stderr in, for `cn_capture_replay` to show at most `limit` bytes of: the kernel holds at most
/// its capacity (twice the limit, or more when the system rounds it up), and its write end does not block, so a write
/// that does not fit fails and nothing more is held, whoever writes (per, a library, a process that opened
/// /proc/PID/fd/2). Returns the write end, and the read end in `read_end`; -1 when no pipe can be made.
static inline int cn_capture_open(off_t limit, int *read_end) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], 1031 /* F_SETPIPE_SZ */, (int)(2 * limit));
    fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK);
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    *read_end = fds[0];
    return fds[1];
}

/// Writes to `out` what the capture pipe's read end `fd` holds, at most `limit` bytes, and then, if more was written,
/// a line saying the rest was dropped ("at least" when the pipe was nearly full: writes that did not fit were refused).
/// Async-signal-safe.
static inline void cn_capture_replay(int fd, int out, off_t limit) {
    int capacity = fcntl(fd, 1032 /* F_GETPIPE_SZ */);
    char buf[4096];
    off_t written = 0;
    while (1) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (written < limit) {
            size_t shown = (off_t)n < limit - written ? (size_t)n : (size_t)(limit - written);
            cn_write_all(out, buf, shown);
        }
        written += n;
    }
    // Nearly full: a write of up to a pipe's atomic size (4 KiB) may have been refused.
    int full = capacity > 0 && written > (off_t)capacity - 4096;
    if (written > limit) {
        // `per: stderr passed per's limit of 64 KiB while the screen was per's: the rest (at least 812 bytes) was
        // dropped`, written without stdio (a signal handler may be running).
        char line[200], digits[24];
        size_t at = 0;
        const char *parts[3] = { "\nper: stderr passed per's limit of ", " KiB while the screen was per's: the rest (", " bytes) was dropped\n" };
        long long numbers[2] = { (long long)(limit / 1024), (long long)(written - limit) };
        for (int i = 0; i < 2; i++) {
            size_t k = strlen(parts[i]);
            memcpy(line + at, parts[i], k); at += k;
            if (i == 1 && full) { memcpy(line + at, "at least ", 9); at += 9; }
            long long value = numbers[i];
            int d = 0;
            do { digits[d++] = (char)('0' + value % 10); value /= 10; } while (value > 0 && d < 23);
            while (d > 0) line[at++] = digits[--d];
        }
        size_t k = strlen(parts[2]);
        memcpy(line + at, parts[2], k); at += k;
        cn_write_all(out, line, at);
    }
}

/// Points fd 2 at a `cn_capture_open` pipe; the original is kept for cn_release_stderr. A pipe needs no directory:
/// making a file in a /tmp of thousands of entries took a tenth of a millisecond before the first frame, and nothing
/// per captures is ever on a disk.
static inline int cn_capture_stderr(void) {
    if (cn_state.capture_fd >= 0) return 0;
    int read_end = -1;
    int fd = cn_capture_open(CN_STDERR_LIMIT, &read_end);
    if (fd < 0) return -1;
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    if (saved < 0) { close(fd); close(read_end); return -1; }
    if (dup2(fd, STDERR_FILENO) < 0) { close(saved); close(fd); close(read_end); return -1; }
    close(fd);
    cn_state.real_stderr = saved;
    cn_state.capture_fd = read_end;
    return 0;
}

/// Points fd 2 back at the real stderr and copies what was captured there (at most `CN_STDERR_LIMIT` bytes, and
/// a line saying when more was written). Async-signal-safe.
static inline void cn_release_stderr(void) {
    int saved = cn_state.real_stderr, fd = cn_state.capture_fd;
    if (fd < 0 || saved < 0) return;
    cn_state.real_stderr = -1;
    cn_state.capture_fd = -1;
    dup2(saved, STDERR_FILENO);
    close(saved);
    cn_capture_replay(fd, STDERR_FILENO, CN_STDERR_LIMIT);
    close(fd);
}

static inline void cn_copy_cap(char *dst, size_t size, const char *name) {
    const char *s = cn_tigetstr(name);
    dst[0] = '\0';
    if (s && strlen(s) < size) strcpy(dst, s);
}

/// Remembers the strings the crash handler writes (BD, cnorm) while terminfo is still safe to read.
static inline void cn_remember_restore_strings(int bracketed_paste) {
    if (bracketed_paste) cn_copy_cap(cn_state.bd_string, sizeof cn_state.bd_string, "BD");
    else cn_state.bd_string[0] = '\0';
    cn_copy_cap(cn_state.cnorm_string, sizeof cn_state.cnorm_string, "cnorm");
}

static inline void cn_set_in_curses(int on) { cn_state.is_in_curses = on; }

/// The crash handler turns mouse reporting off when per turned it on.
static inline void cn_set_mouse_tracking(int on) { cn_state.mouse_tracking = on; }

static inline void cn_on_crash(int sig) {
    cn_end_capture();  // the terminal back first if ncurses was drawing into the frame buffer
    if (cn_state.is_in_curses) {
        cn_state.is_in_curses = 0;
        if (cn_state.bd_string[0]) cn_write_all(STDOUT_FILENO, cn_state.bd_string, strlen(cn_state.bd_string));
        if (cn_state.mouse_tracking) {
            static const char off[] = "\033[?1006l\033[?1002l";
            cn_write_all(STDOUT_FILENO, off, sizeof off - 1);
        }
        endwin();  // not async-signal-safe; best effort
        if (cn_state.cnorm_string[0]) cn_write_all(STDOUT_FILENO, cn_state.cnorm_string, strlen(cn_state.cnorm_string));
        cn_write_all(STDOUT_FILENO, "\r\n", 2);
    }
    cn_release_stderr();
    raise(sig);  // SA_RESETHAND: the default action runs once this handler returns
}

/// SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE: restore the terminal, show stderr, re-raise.
static inline void cn_install_crash_handlers(void) {
    static const int sigs[] = { SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cn_on_crash;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, NULL);
}

/// A shell with job control can resume per after a stop: the kernel discards SIGTSTP in an orphaned process group
/// (started by `exec per`, `ssh host per`, a tmux or screen window running per itself, `sh -c`), where nobody could
/// `fg` it. Asked as the kernel does, along per's ancestors: the first outside per's group must be in its session.
static inline int cn_has_job_control(void) {
    pid_t group = getpgrp(), session = getsid(0);
    if (session == getpid()) return 0;  // the session's leader: nobody above it in the session
    pid_t pid = getppid();
    for (int depth = 0; pid > 1 && depth < 64; depth++) {
        pid_t its_group = getpgid(pid);
        if (its_group < 0) return 0;
        if (its_group != group) return getsid(pid) == session;
        char path[32], line[512];
        snprintf(path, sizeof path, "/proc/%d/stat", (int) pid);
        FILE *stat = fopen(path, "re");
        if (!stat) return 0;
        size_t length = fread(line, 1, sizeof line - 1, stat);
        fclose(stat);
        line[length] = 0;
        char *after_name = strrchr(line, ')');
        int parent;
        if (!after_name || sscanf(after_name + 1, " %*c %d", &parent) != 1) return 0;
        pid = parent;
    }
    return 0;
}

/// Stops the process with the default SIGTSTP action (Ctrl-Z), returning after SIGCONT.
static inline void cn_stop_self(void) {
    struct sigaction dfl, old;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &old);
    sigset_t set, oldset;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, &oldset);
    raise(SIGTSTP);
    sigprocmask(SIG_SETMASK, &oldset, NULL);
    sigaction(SIGTSTP, &old, NULL);
}

#endif
