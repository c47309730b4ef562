# Runs the CPU check probe one way and asserts on what happened.
#   cmake -DMODE=<host|old_cpu|old_cpu_unguarded> -DPROBE=<exe> [-DQEMU=<qemu-x86_64>]
#         [-DOLD_CPU=Nehalem] -P run_probe.cmake
# host:              the probe runs on this machine: exit 0 and its success line.
# old_cpu:           under qemu with a CPU lacking AVX2 and BMI2: exit 2, and stderr names a
#                    missing feature and the `portable` preset; main() never ran.
# old_cpu_unguarded: the probe without the check under the same CPU must not exit 0 or 2
#                    (it dies of SIGILL): proof that the emulated CPU really lacks the features.
cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED OLD_CPU)
  set(OLD_CPU Nehalem)
endif()

function(fail)
  string(JOIN "" why ${ARGN})
  message(FATAL_ERROR "cpu_check ${MODE}: ${why}\n"
    "-- exit: ${exit_code}\n-- stdout:\n${probe_out}\n-- stderr:\n${probe_err}")
endfunction()

if(MODE STREQUAL "host")
  execute_process(COMMAND "${PROBE}" RESULT_VARIABLE exit_code
    OUTPUT_VARIABLE probe_out ERROR_VARIABLE probe_err)
  if(NOT exit_code STREQUAL "0")
    fail("the probe must run on the build machine, exit code 0 expected")
  endif()
  if(NOT probe_out MATCHES "BMI2 and AVX2 instructions ran")
    fail("the probe's main() did not report its results")
  endif()
elseif(MODE STREQUAL "old_cpu" OR MODE STREQUAL "old_cpu_unguarded")
  # ulimit -c 0: qemu would otherwise write a core file for the unguarded probe's SIGILL.
  execute_process(
    COMMAND sh -c "ulimit -c 0; exec \"$0\" -cpu \"$1\" \"$2\"" "${QEMU}" "${OLD_CPU}" "${PROBE}"
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE probe_out ERROR_VARIABLE probe_err)
  if(MODE STREQUAL "old_cpu")
    if(NOT exit_code STREQUAL "2")
      fail("the start-up CPU check must exit with code 2 on a ${OLD_CPU} CPU")
    endif()
    if(NOT probe_err MATCHES "(AVX2|BMI2)")
      fail("the error must name the missing feature (AVX2 or BMI2)")
    endif()
    if(NOT probe_err MATCHES "'portable' preset")
      fail("the error must point to the 'portable' preset")
    endif()
    if(probe_out MATCHES "instructions ran")
      fail("main() ran although the CPU lacks its instructions")
    endif()
  elseif(exit_code STREQUAL "0" OR exit_code STREQUAL "2")
    fail("without the check the probe must die on a ${OLD_CPU} CPU. "
      "If it did not, the emulated CPU has AVX2/BMI2 and the old_cpu test proves nothing")
  endif()
else()
  message(FATAL_ERROR "run_probe.cmake: unknown MODE '${MODE}'")
endif()
message(STATUS "cpu_check ${MODE}: ok (exit ${exit_code})")
