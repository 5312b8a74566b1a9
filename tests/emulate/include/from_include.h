// from_include.h: found by arguments.cu only when emulate is given this folder
// with -I (as one word or two), so emulate.cmake can tell the option reached the compiler.
#pragma once
#define FROM_INCLUDE_FOLDER 3
