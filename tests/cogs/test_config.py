import pytest

from app.settings import DEFAULT_DATABASE_PATH, MISSING_TOKEN_MESSAGE, ConfigError, parse_settings, read_environment


def test_missing_token_is_a_config_error():
    with pytest.raises(ConfigError) as info:
        parse_settings({})
    assert str(info.value) == MISSING_TOKEN_MESSAGE
    assert ".env.example" in MISSING_TOKEN_MESSAGE and "DISCORD_TOKEN" in MISSING_TOKEN_MESSAGE


def test_blank_token_is_missing():
    with pytest.raises(ConfigError):
        parse_settings({"DISCORD_TOKEN": "   "})


def test_defaults():
    s = parse_settings({"DISCORD_TOKEN": "abc"})
    assert s.token == "abc"
    assert s.database_path == DEFAULT_DATABASE_PATH
    assert s.dev_guild_id is None
    assert s.log_level == "INFO"
    assert s.api_base is None and s.gateway_url is None


def test_all_keys():
    s = parse_settings({
        "DISCORD_TOKEN": "t",
        "DATABASE_PATH": "/tmp/x.db",
        "DEV_GUILD_ID": "123",
        "LOG_LEVEL": "debug",
        "DISCORD_API_BASE": "http://127.0.0.1:1/api/v10/",
        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:1/gateway",
    })
    assert (s.database_path, s.dev_guild_id, s.log_level) == ("/tmp/x.db", 123, "DEBUG")
    assert s.api_base == "http://127.0.0.1:1/api/v10"
    assert s.gateway_url == "ws://127.0.0.1:1/gateway"


@pytest.mark.parametrize("key,value", [("DEV_GUILD_ID", "abc"), ("LOG_LEVEL", "LOUD")])
def test_bad_values_are_refused_with_a_sentence(key, value):
    with pytest.raises(ConfigError) as info:
        parse_settings({"DISCORD_TOKEN": "t", key: value})
    assert key in str(info.value)


def test_environment_wins_over_env_file(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nDATABASE_PATH=file.db\n")
    merged = read_environment(env_file, {"DISCORD_TOKEN": "from-env"})
    assert merged["DISCORD_TOKEN"] == "from-env"
    assert merged["DATABASE_PATH"] == "file.db"


def test_missing_env_file_is_fine(tmp_path):
    assert read_environment(tmp_path / "nope", {"A": "1"}) == {"A": "1"}


def test_env_example_lists_every_key():
    from pathlib import Path

    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "DISCORD_API_BASE",
                "DISCORD_GATEWAY_URL"):
        assert f"\n{key}=" in example


def test_metrics_are_off_and_local_by_default():
    s = parse_settings({"DISCORD_TOKEN": "t"})
    assert (s.metrics_port, s.metrics_host) == (None, "127.0.0.1")


def test_metrics_port_and_host_are_read():
    s = parse_settings({"DISCORD_TOKEN": "t", "METRICS_PORT": "9108", "METRICS_HOST": "0.0.0.0"})
    assert (s.metrics_port, s.metrics_host) == (9108, "0.0.0.0")


@pytest.mark.parametrize("port", ["abc", "0", "65536", "-1"])
def test_a_metrics_port_that_is_no_port_is_refused_with_a_sentence(port):
    with pytest.raises(ConfigError) as info:
        parse_settings({"DISCORD_TOKEN": "t", "METRICS_PORT": port})
    assert str(info.value).startswith("Gnomehost cannot start: METRICS_PORT must be a port number")


def test_env_example_lists_the_metrics_keys():
    from pathlib import Path

    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    assert "\nMETRICS_PORT=\n" in example and "\nMETRICS_HOST=" in example
