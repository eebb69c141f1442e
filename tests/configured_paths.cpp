// The paths CMake configures for the tests, compiled into this one small file only: every other test
// file stays free of the checkout's absolute path, so ccache reuses their objects across clones.
namespace hpg::test {
extern const char* const compiled_data_dir = HPG_TEST_DATA_DIR;
extern const char* const compiled_source_dir = HPG_SOURCE_DIR;
extern const char* const compiled_cli_path = HPG_CLI_PATH;
}  // namespace hpg::test
