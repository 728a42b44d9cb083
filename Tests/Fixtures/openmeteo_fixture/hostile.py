"""A scenario's hostile reshaping of one location's `hourly` block (the Bad-input cases).

Each operation names hours (since the epoch) and acts on rows — a time with its values:
- `missing_hours` {"from", "hours"}: those rows are left out (the times jump);
- `out_of_order` {"at"}: the row at that hour and the next change places;
- `short_forecast` {"hours"}: no row later than the current hour + `hours`, whatever was asked;
- `wrong_length` {"variables"?, "drop"?: 1}: those columns (default all but `time`) lose their
  last `drop` values, so they are shorter than `time`.
Nulls in the middle of a series need no operation: a `null` key in the timeline makes them.
"""


def reshape(operations, hours, axis, columns, now_hour):
    """(axis, columns) after `operations`; `hours` gives each row's hour. Inputs are untouched."""
    order = list(range(len(hours)))
    for op in operations:
        kind = op["kind"]
        if kind == "missing_hours":
            first, last = op["from"], op["from"] + op.get("hours", 1)
            order = [row for row in order if not first <= hours[row] < last]
        elif kind == "short_forecast":
            last = now_hour + op.get("hours", 0)
            order = [row for row in order if hours[row] <= last]
        elif kind == "out_of_order":
            for position, row in enumerate(order[:-1]):
                if hours[row] == op["at"]:
                    order[position], order[position + 1] = order[position + 1], row
                    break
    axis = [axis[row] for row in order]
    columns = {name: [values[row] for row in order] for name, values in columns.items()}
    for op in operations:
        if op["kind"] == "wrong_length":
            drop = op.get("drop", 1)
            for name in op.get("variables") or list(columns):
                if name in columns:
                    columns[name] = columns[name][: max(0, len(columns[name]) - drop)]
    return axis, columns
