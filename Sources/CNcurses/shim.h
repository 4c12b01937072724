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
static inline attr_t cn_color_pair(short n) { return (attr_t)COLOR_PAIR(n); }

static const attr_t CN_A_NORMAL = A_NORMAL;
static const attr_t CN_A_BOLD = A_BOLD;
static const attr_t CN_A_DIM = A_DIM;
static const attr_t CN_A_REVERSE = A_REVERSE;
static const attr_t CN_A_UNDERLINE = A_UNDERLINE;

static const mmask_t CN_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t CN_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t CN_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t CN_BUTTON4_PRESSED = BUTTON4_PRESSED;
#if defined(BUTTON5_PRESSED)
static const mmask_t CN_BUTTON5_PRESSED = BUTTON5_PRESSED;
#else
static const mmask_t CN_BUTTON5_PRESSED = 0;
#endif

#endif
