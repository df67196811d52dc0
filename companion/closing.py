"""``with thing:`` for whatever holds something until ``close()``: pins, a thread, a file.

A mixin, as gpiozero's devices have it: ``__enter__`` gives the thing itself and
``__exit__`` closes it, on an error too (the error goes on). Here in companion/, the
bottom layer, so every layer may use it."""


class Closing:
    """Ends a ``with`` block with ``self.close()``."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
