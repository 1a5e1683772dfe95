"""The one read of a Stop inside a numba kernel: :func:`stop_requested`.

A long kernel polls a one-byte array that another thread sets
(:func:`omahanash.runs.kernel_flag`, set by :meth:`omahanash.runs.CancelFlag.cancel`). Nothing
in the kernel writes that array, so an optimizer is free to read it once before a loop and
never again; this read is an atomic load with acquire order, which stays inside the loop
(the kernels' loops of today read a plain ``flag[0]`` anew too: this keeps it so).

>>> import numpy as np
>>> from numba import njit
>>> @njit
... def rows_until_stopped(flag, rows):
...     for row in range(rows):
...         if stop_requested(flag):
...             return row
...     return rows
>>> rows_until_stopped(np.zeros(1, np.uint8), 5), rows_until_stopped(np.ones(1, np.uint8), 5)
(5, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from numba import types
from numba.extending import intrinsic

__all__ = ["stop_requested"]


def _stop_requested(typingctx, flag):  # noqa: ANN001, ANN202 - numba's typing hook
    if not (isinstance(flag, types.Array) and flag.dtype == types.uint8):
        return None

    def codegen(context, builder, signature, args):  # noqa: ANN001, ANN202
        array = context.make_array(signature.args[0])(context, builder, args[0])
        value = builder.load_atomic(array.data, "acquire", 1)
        return builder.icmp_unsigned("!=", value, value.type(0))

    return types.boolean(flag), codegen


#: True once ``flag[0]`` (a one-byte array) is non-zero, read anew at every call (in numba
#: kernels only).
stop_requested = cast(Callable[[Any], bool], intrinsic(_stop_requested))
