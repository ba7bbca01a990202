"""What the edges share for people: number and byte formatting, tables, and the one colour palette of the
live plot and the report's charts. Imports nothing of trainsizer; the core never needs it."""
