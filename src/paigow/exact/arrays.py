"""The NumPy array types of the exact engine, named once for every module that uses them."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["F64", "I8", "I32", "I64", "U8", "U16", "B", "Num", "Obj"]

I8 = npt.NDArray[np.int8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
U16 = npt.NDArray[np.uint16]
F64 = npt.NDArray[np.float64]
B = npt.NDArray[np.bool_]
#: Python objects (exact fractions) in an array.
Obj = npt.NDArray[np.object_]
#: Counts: int64 (exact, integer weights) or float64 (probability weights).
Num = npt.NDArray[Any]
