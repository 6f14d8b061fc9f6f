/* The ICU data package the dist build links in place of the toolchain's (see README.md):
   icu_symbol.h and icu.dat are written by scripts/icu-data.py. */
#include "icu_symbol.h"
    .section .rodata
    .globl ICU_DATA_SYMBOL
    .type ICU_DATA_SYMBOL, @object
    .balign 16
ICU_DATA_SYMBOL:
    .incbin "icu.dat"
    .size ICU_DATA_SYMBOL, . - ICU_DATA_SYMBOL
    .section .note.GNU-stack, "", @progbits
