// math_constants.h, for the host compiler: the CUDART_ constants a kernel
// names (CUDART_PI_F, CUDART_INF, ...), under the Toolkit's names, each the
// float (an _F suffix) or double nearest the number it names, written as a
// hexadecimal literal so that its bits are exact. The special values (the
// infinities, NaNs, -0 and the extreme finite ones) are written by their bits:
// CUDART_NAN_F is 0x7fffffff and CUDART_NAN is 0xfff8000000000000, as a
// GPU program that prints or compares their bits expects. The _HI and _LO
// pairs split a constant into the nearest value and what it lacks, for
// arithmetic that carries the remainder. Usable in host and device code alike.
#pragma once

// Single precision
#define CUDART_INF_F             __builtin_bit_cast(float, 0x7f800000U)
#define CUDART_NAN_F             __builtin_bit_cast(float, 0x7fffffffU)
#define CUDART_MIN_DENORM_F      __builtin_bit_cast(float, 0x00000001U)
#define CUDART_MAX_NORMAL_F      __builtin_bit_cast(float, 0x7f7fffffU)
#define CUDART_NEG_ZERO_F        __builtin_bit_cast(float, 0x80000000U)
#define CUDART_ZERO_F            0x0p+0F
#define CUDART_ONE_F             0x1p+0F
#define CUDART_SQRT_HALF_F       0x1.6a09e6p-1F
#define CUDART_SQRT_HALF_HI_F    0x1.6a09e6p-1F
#define CUDART_SQRT_HALF_LO_F    0x1.9fcef4p-27F
#define CUDART_SQRT_TWO_F        0x1.6a09e6p+0F
#define CUDART_THIRD_F           0x1.555556p-2F
#define CUDART_PIO4_F            0x1.921fb6p-1F
#define CUDART_PIO2_F            0x1.921fb6p+0F
#define CUDART_3PIO4_F           0x1.2d97c8p+1F
#define CUDART_2_OVER_PI_F       0x1.45f306p-1F
#define CUDART_SQRT_2_OVER_PI_F  0x1.988454p-1F
#define CUDART_PI_F              0x1.921fb6p+1F
#define CUDART_L2E_F             0x1.715476p+0F
#define CUDART_L2T_F             0x1.a934fp+1F
#define CUDART_LG2_F             0x1.344136p-2F
#define CUDART_LGE_F             0x1.bcb7b2p-2F
#define CUDART_LN2_F             0x1.62e43p-1F
#define CUDART_LNT_F             0x1.26bb1cp+1F
#define CUDART_LNPI_F            0x1.250d04p+0F
#define CUDART_TWO_TO_M126_F     0x1p-126F
#define CUDART_TWO_TO_126_F      0x1p+126F
#define CUDART_NORM_HUGE_F       0x1.fffffep+127F
#define CUDART_TWO_TO_23_F       0x1p+23F
#define CUDART_TWO_TO_24_F       0x1p+24F
#define CUDART_TWO_TO_31_F       0x1p+31F
#define CUDART_TWO_TO_32_F       0x1p+32F
#define CUDART_REMQUO_BITS_F     3U
#define CUDART_REMQUO_MASK_F     0x7U
#define CUDART_TRIG_PLOSS_F      0x1.9c8fp+16F

// Double precision
#define CUDART_INF               __builtin_bit_cast(double, 0x7ff0000000000000ULL)
#define CUDART_NAN               __builtin_bit_cast(double, 0xfff8000000000000ULL)
#define CUDART_NEG_ZERO          __builtin_bit_cast(double, 0x8000000000000000ULL)
#define CUDART_MIN_DENORM        __builtin_bit_cast(double, 0x0000000000000001ULL)
#define CUDART_ZERO              0x0p+0
#define CUDART_ONE               0x1p+0
#define CUDART_SQRT_TWO          0x1.6a09e667f3bcdp+0
#define CUDART_SQRT_HALF         0x1.6a09e667f3bcdp-1
#define CUDART_SQRT_HALF_HI      0x1.6a09e667f3bcdp-1
#define CUDART_SQRT_HALF_LO      (-0x1.bdd3413b26456p-55)
#define CUDART_THIRD             0x1.5555555555555p-2
#define CUDART_TWOTHIRD          0x1.5555555555555p-1
#define CUDART_PIO4              0x1.921fb54442d18p-1
#define CUDART_PIO4_HI           0x1.921fb54442d18p-1
#define CUDART_PIO4_LO           0x1.1a62633145c07p-55
#define CUDART_PIO2              0x1.921fb54442d18p+0
#define CUDART_PIO2_HI           0x1.921fb54442d18p+0
#define CUDART_PIO2_LO           0x1.1a62633145c07p-54
#define CUDART_3PIO4             0x1.2d97c7f3321d2p+1
#define CUDART_2_OVER_PI         0x1.45f306dc9c883p-1
#define CUDART_PI                0x1.921fb54442d18p+1
#define CUDART_PI_HI             0x1.921fb54442d18p+1
#define CUDART_PI_LO             0x1.1a62633145c07p-53
#define CUDART_SQRT_2PI          0x1.40d931ff62706p+1
#define CUDART_SQRT_2PI_HI       0x1.40d931ff62706p+1
#define CUDART_SQRT_2PI_LO       (-0x1.a6a0d6f814637p-53)
#define CUDART_SQRT_PIO2         0x1.40d931ff62706p+0
#define CUDART_SQRT_PIO2_HI      0x1.40d931ff62706p+0
#define CUDART_SQRT_PIO2_LO      (-0x1.a6a0d6f814637p-54)
#define CUDART_SQRT_2OPI         0x1.9884533d43651p-1
#define CUDART_L2E               0x1.71547652b82fep+0
#define CUDART_L2E_HI            0x1.71547652b82fep+0
#define CUDART_L2E_LO            0x1.777d0ffda0d24p-56
#define CUDART_L2T               0x1.a934f0979a371p+1
#define CUDART_LG2               0x1.34413509f79ffp-2
#define CUDART_LG2_HI            0x1.34413509f79ffp-2
#define CUDART_LG2_LO            (-0x1.9dc1da994fd21p-59)
#define CUDART_LGE               0x1.bcb7b1526e50ep-2
#define CUDART_LGE_HI            0x1.bcb7b1526e50ep-2
#define CUDART_LGE_LO            0x1.95355baaafad3p-57
#define CUDART_LN2               0x1.62e42fefa39efp-1
#define CUDART_LN2_HI            0x1.62e42fefa39efp-1
#define CUDART_LN2_LO            0x1.abc9e3b39803fp-56
#define CUDART_LNT               0x1.26bb1bbb55516p+1
#define CUDART_LNT_HI            0x1.26bb1bbb55516p+1
#define CUDART_LNT_LO            (-0x1.f48ad494ea3e9p-53)
#define CUDART_LNPI              0x1.250d048e7a1bdp+0
#define CUDART_LN2_X_1024        0x1.62e42fefa39efp+9
#define CUDART_LN2_X_1025        0x1.633ce8fb9f87ep+9
#define CUDART_LN2_X_1075        0x1.74910d52d3052p+9
#define CUDART_LG2_X_1024        0x1.34413509f79ffp+8
#define CUDART_LG2_X_1075        0x1.439b746e36b52p+8
#define CUDART_TWO_TO_23         0x1p+23
#define CUDART_TWO_TO_52         0x1p+52
#define CUDART_TWO_TO_53         0x1p+53
#define CUDART_TWO_TO_54         0x1p+54
#define CUDART_TWO_TO_M54        0x1p-54
#define CUDART_TWO_TO_M1022      0x1p-1022
#define CUDART_TRIG_PLOSS        0x1p+31
#define CUDART_DBL2INT_CVT       0x1.8p+52
