# Reports the types of one Swift file that store a CGPoint, CGSize, CGRect, CGVector or
# CGAffineTransform (a stored property or an enum case's associated value) and are
# Hashable (in their declaration or an extension of the file) without a hand-written
# hash(into:). Used by .ci/check-apple-sdk; plain POSIX awk (mawk on Debian).
function is_ident(c) { return c ~ /[A-Za-z0-9_]/ }
# The word that follows `keyword` followed by blanks in `text`, or "".
function name_after(text, keyword,    at, rest) {
  at = match(text, "(^|[^A-Za-z0-9_])" keyword "[ \t]+[A-Za-z_][A-Za-z0-9_]*")
  if (!at) return ""
  rest = substr(text, RSTART, RLENGTH)
  sub("^[^A-Za-z_]*" keyword "[ \t]+", "", rest)
  return rest
}
function conforms_to_hashable(text) {
  sub(/\{.*/, "", text)
  sub(/[ \t]where[ \t].*/, "", text)
  while (text ~ /<[^<>]*>/) gsub(/<[^<>]*>/, "", text)
  return text ~ /:.*(^|[^A-Za-z0-9_])Hashable([^A-Za-z0-9_]|$)/
}
BEGIN {
  depth = 0; top = 0
  cg = "CG(Point|Size|Rect|Vector|AffineTransform)"
}
{
  line = $0
  if (line ~ /^[ \t]*\/\//) next
  sub(/\/\/.*/, "", line)
  declared = ""
  for (k = 1; k <= 4; k++) {
    keyword = (k == 1 ? "struct" : k == 2 ? "enum" : k == 3 ? "class" : "actor")
    declared = name_after(line, keyword)
    if (declared != "") break
  }
  extended = name_after(line, "extension")
  sub(/[<.].*/, "", extended)
  if (extended != "" && conforms_to_hashable(line)) hashableByExtension[extended] = 1
  if (top > 0 && depth == openDepth[top] + 1) {
    if (line ~ ("^[ \t]*([a-z()]+[ \t]+)*(var|let)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*:[ \t]*" cg "[?]?[ \t]*(=[^{]*)?$") \
      || line ~ ("case[ \t].*\\(.*" cg "[^A-Za-z0-9_]")) {
      if (!(typeName[top] in storesCG)) storesCG[typeName[top]] = FNR
    }
    if (line ~ /func[ \t]+hash\(into/) handwrittenHash[typeName[top]] = 1
  }
  if (extended != "" && line ~ /func[ \t]+hash\(into/) handwrittenHash[extended] = 1
  if (extended != "") pendingExtension = extended
  n = length(line)
  for (i = 1; i <= n; i++) {
    c = substr(line, i, 1)
    if (c == "{") {
      if (declared != "") {
        top++; typeName[top] = declared; openDepth[top] = depth
        if (conforms_to_hashable(line)) hashableByDeclaration[declared] = 1
        declared = ""
      } else if (pendingExtension != "") {
        top++; typeName[top] = pendingExtension; openDepth[top] = depth
        pendingExtension = ""
      }
      depth++
    } else if (c == "}") {
      depth--
      if (top > 0 && depth == openDepth[top]) top--
    }
  }
}
END {
  for (name in storesCG) {
    if ((name in hashableByDeclaration || name in hashableByExtension) && !(name in handwrittenHash))
      printf "%s:%d: %s is Hashable and stores a CoreGraphics value whose Hashable needs iOS 18: write hash(into:) by hand\n", file, storesCG[name], name
  }
}
