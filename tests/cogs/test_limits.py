from cogs.limits import fits_attachment


def test_fits_attachment():
    assert fits_attachment(100, 1000)
    assert not fits_attachment(1001, 1000)
    assert fits_attachment(5 * 1024 * 1024, None)
