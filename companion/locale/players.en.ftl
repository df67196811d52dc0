### The table's seats and names, in English.

error-table_not_list = The players must be a list of names.
error-table_count = A table has { $low } to { $high } players, not { $count }.
error-table_not_name = Player { $seat } must be a name.
error-table_no_name = Player { $seat } needs a name.
error-table_long_name = The name of player { $seat } is longer than { $max } letters.
error-table_colour = { $name } has a colour Cellmate does not know.
error-table_same_name = Two players are called { $name }. Give them different names.
error-table_same_colour = Two players have the same colour.
error-table_same_letter = Two players have the same letter.
error-table_bad_name = The name of player { $seat } holds a character that cannot be shown. Type it again with letters, digits or emoji.
error-table_letter = { $name }: a letter is one letter or digit.
