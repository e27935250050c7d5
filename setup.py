"""Builds the Cython search core (cext/core.pyx and the .pxi files it includes) as ulti_solver._core.

Everything else about the package lives in pyproject.toml.
"""

import glob
import platform
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

if sys.platform == "win32":
    flags = ["/O2"]
else:
    flags = ["-O3"]
    if platform.machine().lower() in ("x86_64", "amd64"):
        flags.append("-mpopcnt")  # one instruction instead of a libgcc call per hand count

core = Extension(
    "ulti_solver._core",
    sources=["cext/core.pyx"],
    depends=sorted(glob.glob("cext/*.pxi")),
    extra_compile_args=flags,
)

setup(ext_modules=cythonize([core], compiler_directives={"language_level": "3"}))
