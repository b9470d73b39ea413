"""A Store wrapper's plumbing: every Store member the wrapper does not define passes to the store it wraps.

The forwarding methods are made from the Store protocol itself when this module is imported, so a method
added to the protocol reaches every wrapper built on `ForwardingStore` without an edit here or there. A
wrapper defines only what it changes (host.shard_store narrows five reads and learns games' guilds).

To the type checker `ForwardingStore` is an explicit subclass of the Store protocol: it sees every member
with its exact signature. It cannot see them being filled in, though, and would call the class abstract; a
wrapper is therefore built through a classmethod of its own (calling `cls(...)` there is allowed).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from db.store import Store

if TYPE_CHECKING:
    _Base = Store
else:
    _Base = object


def store_members() -> tuple[str, ...]:
    """The public members the Store protocol declares (its methods and its `description`), in its order."""
    return tuple(name for name in vars(Store) if not name.startswith("_"))


class ForwardingStore(_Base):
    """A Store over `inner`: each member not defined by a subclass passes the call on unchanged."""

    inner: Store


def _forwarder(name: str, member: Any) -> Any:
    """A member of ForwardingStore passing `name` to `self.inner`, of the same kind as the protocol's."""
    if isinstance(member, property):
        return property(lambda self: getattr(self.inner, name), doc=f"The wrapped store's {name}.")
    if inspect.iscoroutinefunction(member):

        async def forward_async(self: ForwardingStore, *args: Any, **kwargs: Any) -> Any:
            return await getattr(self.inner, name)(*args, **kwargs)

        forward: Callable[..., Any] = forward_async
    else:

        def forward_sync(self: ForwardingStore, *args: Any, **kwargs: Any) -> Any:
            return getattr(self.inner, name)(*args, **kwargs)

        forward = forward_sync
    forward.__name__ = forward.__qualname__ = name
    forward.__doc__ = f"See Store.{name}; passed to the wrapped store."
    forward.__signature__ = inspect.signature(member)  # type: ignore[attr-defined]  # for help() and tools
    return forward


for _name in store_members():
    setattr(ForwardingStore, _name, _forwarder(_name, vars(Store)[_name]))
