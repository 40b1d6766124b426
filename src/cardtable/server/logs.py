"""The server's log as text (uvicorn's own format) or as JSON, one object a line.

A log collector (journald with a JSON field extractor, Loki, Elasticsearch) reads a
JSON line without a parser of its own per message: every record has ``time`` (UTC,
ISO 8601), ``level``, ``logger`` and ``message``, an ``exception`` with its traceback
where there is one, and uvicorn's access records also ``client``, ``method``,
``path`` and ``status``. The records of the loggers ``http_guard.limit_logging``
gives a handler (``asyncio``, ``cardtable``) take the same form as uvicorn's.
"""

from __future__ import annotations

import copy
import json
import logging
from datetime import UTC, datetime
from typing import Any

#: ``--log-format`` choices.
LOG_FORMATS = ("text", "json")
#: The arguments of uvicorn's access records, in order.
ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")


class JsonFormatter(logging.Formatter):
    """One JSON object a record."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        args = record.args
        if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
            entry |= dict(zip(ACCESS_FIELDS, args, strict=True))
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def log_config(log_format: str) -> dict[str, Any]:
    """uvicorn's logging configuration with the formatters of ``log_format``."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    if log_format == "json":
        json_formatter = {"()": f"{__name__}.JsonFormatter"}
        config["formatters"] = {name: dict(json_formatter) for name in config["formatters"]}
    return config


def formatter_like_uvicorn() -> logging.Formatter | None:
    """uvicorn's formatter where it logs JSON, for the loggers it does not configure."""
    for handler in logging.getLogger("uvicorn").handlers:
        if isinstance(handler.formatter, JsonFormatter):
            return handler.formatter
    return None
