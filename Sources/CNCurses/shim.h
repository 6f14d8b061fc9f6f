// ncursesw for Swift: the wide-character API, and functions for the values ncurses defines as
// macros (which Swift cannot import).
#ifndef PLUME_CNCURSES_SHIM_H
#define PLUME_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

static inline attr_t plume_attr_bold(void) { return A_BOLD; }
static inline attr_t plume_attr_reverse(void) { return A_REVERSE; }
static inline attr_t plume_attr_normal(void) { return A_NORMAL; }
static inline int plume_key_code_yes(void) { return KEY_CODE_YES; }
static inline int plume_key_resize(void) { return KEY_RESIZE; }
static inline int plume_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t plume_mouse_mask(void) { return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED; }
static inline mmask_t plume_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t plume_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t plume_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int plume_lines(void) { return LINES; }
static inline int plume_cols(void) { return COLS; }
static inline int plume_colors(void) { return COLORS; }
static inline int plume_color_pairs(void) { return COLOR_PAIRS; }
static inline WINDOW *plume_stdscr(void) { return stdscr; }

/// Draws one character with attributes and an extended colour pair at (y, x).
static inline int plume_put(int y, int x, wchar_t ch, attr_t attrs, int pair) {
    cchar_t cell;
    wchar_t text[2] = { ch, 0 };
    if (setcchar(&cell, text, attrs, 0, &pair) != OK) return ERR;
    return mvadd_wch(y, x, &cell);
}

#endif
