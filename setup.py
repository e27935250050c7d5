"""Builds the Cython search core (cext/core.pyx) as ulti_solver._core.

Everything else about the package lives in pyproject.toml.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

core = Extension(
    "ulti_solver._core",
    sources=["cext/core.pyx"],
    extra_compile_args=["-O3"],
)

setup(ext_modules=cythonize([core], compiler_directives={"language_level": "3"}))
