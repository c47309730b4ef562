#include "uci/protocol.h"

#include "uci/board_display.h"
#include "uci/input_line.h"
#include "uci/text.h"

#include <vector>

namespace flotilla::uci {

// `quit` is handled in execute(), since it ends the loop rather than acting.
const Protocol::Command Protocol::COMMANDS[] = {
    {"uci", &Protocol::cmd_uci},
    {"isready", &Protocol::cmd_isready},
    {"ucinewgame", &Protocol::cmd_ucinewgame},
    {"position", &Protocol::cmd_position},
    {"go", &Protocol::cmd_go},
    {"stop", &Protocol::cmd_stop},
    {"ponderhit", &Protocol::cmd_ponderhit},
    {"debug", &Protocol::cmd_debug},
    {"setoption", &Protocol::cmd_setoption},
    {"d", &Protocol::cmd_display},
    {"bench", &Protocol::cmd_bench},
    {"topology", &Protocol::cmd_topology},
};

Protocol::Protocol(Engine& engine, Output& out, ProtocolSettings settings)
    : engine(engine), out(out), settings(settings) {}

Protocol::Status Protocol::execute(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (const auto problem = line_problem(line)) {
        error(*problem);
        return Status::Continue;
    }
    const std::vector<std::string_view> tokens = split_tokens(line);
    if (tokens.empty()) return Status::Continue; // blank lines are not commands
    const std::string_view word = tokens.front();
    if (word == "quit") return Status::Quit;
    if (cluster) prepare_cluster_command(line, tokens);
    for (const Command& c : COMMANDS) {
        if (c.word == word) {
            (this->*c.handler)(Args(tokens).subspan(1));
            return Status::Continue;
        }
    }
    for (const ExtraCommand& c : extraCommands) {
        if (c.word == word) {
            const std::string message = c.handler(engine, out, Args(tokens).subspan(1));
            if (!message.empty()) error(message);
            return Status::Continue;
        }
    }
    error("unknown command " + quote(word));
    return Status::Continue;
}

void Protocol::run(std::istream& in) {
    for (std::string line; read_line(in, line);)
        if (execute(line) == Status::Quit) break;
}

void Protocol::error(std::string_view message) {
    ++errors;
    out.line("info string error: " + std::string(message));
}

void Protocol::cmd_isready(Args) { out.line("readyok"); }

void Protocol::cmd_ucinewgame(Args) { engine.new_game(); }

void Protocol::cmd_debug(Args args) {
    if (args.size() != 1 || (args[0] != "on" && args[0] != "off"))
        return error("debug needs 'on' or 'off'");
    debugMode = args[0] == "on";
}

void Protocol::cmd_display(Args) { out.block(board_display(engine.position())); }

} // namespace flotilla::uci
