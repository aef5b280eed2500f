"""Claim (chapter 8): SQLite's integers are 64-bit (2^63 - 1 is the largest; one more becomes a REAL), and
SQLite has no date type: its date functions take a date as text (Northwind's '2016-07-04'), as a real (a
Julian day) or as an integer (with 'unixepoch'), and a DATE column stores the text as text.

The one thing that differs between the three date() calls: the storage class of the date given.
"""

import lab

db = lab.Connection(":memory:")
largest = db.execute("SELECT typeof(9223372036854775807), typeof(9223372036854775808)")
lab.check(largest == [["integer", "real"]], f"2^63 - 1 and 2^63: {largest}")
dates = db.execute("SELECT date('2016-07-04'), date(2457573.5), date(1467590400, 'unixepoch')")
db.execute("CREATE TABLE Orders (OrderDate DATE); INSERT INTO Orders VALUES ('2016-07-04')")
stored = db.execute("SELECT typeof(OrderDate), OrderDate FROM Orders")
lab.check(dates == [["2016-07-04"] * 3] and stored == [["text", "2016-07-04"]], f"dates {dates}; stored {stored}")

lab.report(f"2^63 - 1 is an {largest[0][0]}, 2^63 a {largest[0][1]}; date() of a text, a real and an integer: "
           f"{dates[0]}; a DATE column stores '2016-07-04' as {stored[0][0]}")
