"""The README check finds each kind of problem it is there for (run by scripts/lib/test-docs)."""
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import readme_check  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 16
GOOD = """# Project

![Picture](shot.png)

## Contents

- [Quick start: the `first` steps](#quick-start-the-first-steps)
- [Exit statuses](#exit-statuses)

## Quick start: the `first` steps

See [the map](map.md) and [statuses](#exit-statuses).

```sh
## not a heading
```

## Exit statuses

Done.
"""


class ReadmeCheckTests(unittest.TestCase):
    def problems(self, readme, files=None):
        with tempfile.TemporaryDirectory() as folder:
            root = pathlib.Path(folder)
            for name, data in (files if files is not None else {"shot.png": PNG, "map.md": b"x"}).items():
                (root / name).write_bytes(data)
            (root / "README.md").write_text(readme, encoding="utf-8")
            return readme_check.check(root / "README.md")[0]

    def test_a_good_readme_passes(self):
        self.assertEqual(self.problems(GOOD), [])

    def test_too_long(self):
        self.assertIn("more than 300", " ".join(self.problems(GOOD + "line\n" * 290)))

    def test_a_heading_missing_from_the_contents(self):
        found = self.problems(GOOD + "\n## Licence\n\nFree.\n")
        self.assertTrue(any("the contents list" in p for p in found), found)

    def test_a_contents_entry_with_a_wrong_anchor(self):
        found = self.problems(GOOD.replace("(#exit-statuses)\n\n## Quick", "(#exit-status)\n\n## Quick"))
        self.assertTrue(any("#exit-status," in p for p in found), found)

    def test_a_link_to_a_missing_file_and_a_picture_that_is_not_a_png(self):
        found = self.problems(GOOD, files={"shot.png": b"GIF89a", "other.md": b""})
        self.assertTrue(any("map.md does not exist" in p for p in found), found)
        self.assertTrue(any("shot.png is not a PNG" in p for p in found), found)

    def test_an_in_page_link_to_no_heading(self):
        found = self.problems(GOOD.replace("[statuses](#exit-statuses)", "[statuses](#statuses)"))
        self.assertTrue(any("#statuses is no heading" in p for p in found), found)


if __name__ == "__main__":
    unittest.main()
