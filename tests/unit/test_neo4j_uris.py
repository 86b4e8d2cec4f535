"""How the driver is configured for each ``NEO4J_URI`` scheme: one server (``bolt``), a cluster or Aura
(``neo4j``, routing), TLS from the scheme alone (``+s``, ``+ssc``), and the database named on every session."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from neo4j import AsyncBoltDriver, AsyncGraphDatabase, AsyncNeo4jDriver, TrustAll, TrustSystemCAs

from graphsvc.config import NEO4J_SCHEMES, Settings
from graphsvc.errors import ConfigurationError
from graphsvc.graph.database import Database, driver_options

AURA = "neo4j+s://0a1b2c3d.databases.neo4j.io"


@pytest.mark.parametrize(
    ("uri", "routing", "encrypted", "trust"),
    [
        ("bolt://127.0.0.1:7687", False, False, None),
        ("bolt+s://db.example.org:7687", False, True, TrustSystemCAs),
        ("bolt+ssc://db.example.org:7687", False, True, TrustAll),
        ("neo4j://127.0.0.1:7687", True, False, None),
        ("neo4j://core1.example.org:7687", True, False, None),
        (AURA, True, True, TrustSystemCAs),
        ("neo4j+ssc://core1.example.org:7687", True, True, TrustAll),
    ],
)
async def test_the_scheme_alone_decides_routing_and_tls(
    uri: str, routing: bool, encrypted: bool, trust: type | None
) -> None:
    settings = Settings(environment="test", neo4j_uri=uri)
    # the driver raises ConfigurationError when an option conflicts with a +s/+ssc scheme's TLS
    driver = AsyncGraphDatabase.driver(settings.neo4j.uri, auth=("neo4j", "secret"), **driver_options(settings))
    try:
        assert isinstance(driver, AsyncNeo4jDriver if routing else AsyncBoltDriver)
        assert driver.encrypted is encrypted
        if trust is not None:
            assert isinstance(driver._pool.pool_config.trusted_certificates, trust)
    finally:
        await driver.close()


def test_no_option_overrides_the_schemes_tls() -> None:
    options = driver_options(Settings(environment="test", neo4j_uri=AURA))
    assert not {"encrypted", "trusted_certificates", "ssl_context", "trust"} & set(options)
    assert options["connection_timeout"] > 0 and options["connection_acquisition_timeout"] > 0


def test_an_option_that_sets_tls_would_clash_with_a_tls_scheme() -> None:
    """What the test above guards against: the driver refuses ``encrypted`` beside ``neo4j+s``."""
    from neo4j.exceptions import ConfigurationError as DriverConfigurationError

    with pytest.raises(DriverConfigurationError):
        AsyncGraphDatabase.driver(AURA, auth=("neo4j", "secret"), encrypted=True)


@pytest.mark.parametrize("uri", ["http://127.0.0.1:7474", "127.0.0.1:7687", "neo4j+x://h", "redis://h:6379", ""])
def test_a_uri_the_driver_cannot_take_is_refused_with_the_fix(uri: str) -> None:
    with pytest.raises(ConfigurationError, match="NEO4J_URI") as refused:
        Settings(environment="test", neo4j_uri=uri)
    assert refused.value.suggestion and "neo4j+s://" in refused.value.suggestion


def test_a_refused_uri_never_shows_its_password() -> None:
    with pytest.raises(ConfigurationError) as refused:
        Settings(environment="test", neo4j_uri="http://neo4j:hunter22@db.example.org:7474")
    assert "hunter22" not in str(refused.value) and "***" in str(refused.value)


@pytest.mark.parametrize("scheme", NEO4J_SCHEMES)
def test_every_driver_scheme_is_accepted(scheme: str) -> None:
    assert Settings(environment="test", neo4j_uri=f"{scheme}://db.example.org:7687").neo4j.uri.startswith(scheme)


class _RecordingDriver:
    """Stands in for the driver: records the database each session names, and fails the query."""

    def __init__(self) -> None:
        self.databases: list[str | None] = []

    @asynccontextmanager
    async def session(self, **config: Any) -> AsyncIterator[Any]:
        self.databases.append(config.get("database"))
        raise RuntimeError("no server in unit tests")
        yield  # pragma: no cover


async def test_every_session_names_the_configured_database() -> None:
    settings = Settings(environment="test", neo4j_uri=AURA, neo4j_database="memories")
    driver = _RecordingDriver()
    db = Database(driver, database=settings.neo4j.database, uri=settings.neo4j.uri)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError):
        await db.read("job_by_id", user_id="ana", id="j1")
    with pytest.raises(RuntimeError):
        await db.write_many([])
    assert driver.databases == ["memories", "memories"]
