// The text format parsers, each given a whole file's content. read_graph.cpp reads the file and
// dispatches here; each parser reports a malformed file as Error(parse_error, "<path>:<line>: ...").
#pragma once

#include <string_view>

#include "hpgraph/io_files.hpp"
#include "io/text_parse.hpp"

namespace hpg::io::detail {

Tuples parse_matrix_market(const TextFile& file, const ReadOptions& options);
Tuples parse_edge_list(const TextFile& file, const ReadOptions& options);
Tuples parse_dimacs(const TextFile& file, const ReadOptions& options);

/// The format that a file's first bytes show (binary magic, Matrix Market banner), else its
/// extension, else what its first line looks like (DIMACS "c"/"p" lines or an edge list).
Format detect_from_content(std::string_view head, std::string_view path);

}  // namespace hpg::io::detail
