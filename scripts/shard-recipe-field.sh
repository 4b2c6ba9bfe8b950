# Sourced by the shard scripts: one `# NAME: value` line of a shard's recipe
# (data/recipes/README.md), or nothing when the recipe has none.
#
#   recipe_field RECIPE NAME
recipe_field() { sed -n "s/^# $2: //p" "$1" 2> /dev/null || true; }
