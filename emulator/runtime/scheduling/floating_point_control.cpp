// floating_point_control.cpp: the calls of <cfenv> that change the
// floating-point control (the rounding mode, the exceptions that trap),
// which the link wraps (-Wl,--wrap=fesetround and the rest, which emulate and
// emulator/CMakeLists.txt pass). Every thread of a block keeps its own
// control, but the switch between threads saves and loads it only once some
// call has changed it (fibers.hpp): each of these says so first, then does
// what it was asked. A GPU's code has no such call; the emulator's own
// rounded arithmetic (__fadd_ru and its kin) makes them, and a kernel built
// for the emulator may (emulator/tests/floating_point_control_legal.cu).
// This file is linked only when the link wraps them.
#include <cfenv>

#include "scheduling/fibers.hpp"

extern "C" {

int __real_fesetround(int mode);
int __real_fesetenv(const fenv_t* environment);
int __real_feupdateenv(const fenv_t* environment);
int __real_feholdexcept(fenv_t* environment);
int __real_feenableexcept(int exceptions);
int __real_fedisableexcept(int exceptions);

int __wrap_fesetround(int mode) {
    warp_emulator::Fibers::floatingPointControlChanges();
    return __real_fesetround(mode);
}
int __wrap_fesetenv(const fenv_t* environment) {
    warp_emulator::Fibers::floatingPointControlChanges();
    return __real_fesetenv(environment);
}
int __wrap_feupdateenv(const fenv_t* environment) {
    warp_emulator::Fibers::floatingPointControlChanges();
    return __real_feupdateenv(environment);
}
int __wrap_feholdexcept(fenv_t* environment) {
    warp_emulator::Fibers::floatingPointControlChanges();
    return __real_feholdexcept(environment);
}
int __wrap_feenableexcept(int exceptions) {
    warp_emulator::Fibers::floatingPointControlChanges();
    return __real_feenableexcept(exceptions);
}
int __wrap_fedisableexcept(int exceptions) {
    warp_emulator::Fibers::floatingPointControlChanges();
    return __real_fedisableexcept(exceptions);
}

}  // extern "C"
