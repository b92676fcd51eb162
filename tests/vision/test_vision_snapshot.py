from tests.support.table import snapshot_of


def test_import():
    assert snapshot_of
