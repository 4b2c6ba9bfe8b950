//! PGN reading and writing through the library.

use chuhan::core::GameResult;
use chuhan::notation::{
    parse_pgn, write_annotated_pgn, write_pgn, Game, Notation, PgnProblem, Script,
};
use chuhan::{Color, Move, Position};

const THREE_GAMES: &str = r#"[Event "Chinese notation"]
[Red "Hu Ronghua"]
[Black "Yang Guanlin"]
[Result "1-0"]
[Format "Chinese"]

1. 炮二平五 马８进７ {the screen horse} 2. 马二进三 车９平８
3. 车一平二 (3. 兵七进一 卒７进１) 3... 马２进３ $1 4. 兵七进一 1-0

[Event "WXF"]
[Result "1/2-1/2"]

1.C2.5 H8+7 2.H2+3 R9.8 3.R1.2! C8+4? ; a rest-of-line comment
4.P3+1 1/2-1/2

[Event "ICCS"]
[Red "A"]
[Black "B"]
1. H2-E2 H9-G7 2. h0g2 i9h9 0-1
"#;

fn mv(t: &str) -> Move {
    t.parse().unwrap()
}

#[test]
fn reads_games_in_each_notation() {
    let games: Vec<_> = parse_pgn(THREE_GAMES)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 3);
    let moves = |n: usize| {
        games[n]
            .moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        moves(0),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4"]
    );
    assert_eq!(games[0].result, Some(GameResult::RedWins));
    assert_eq!(games[0].tag("Red"), Some("Hu Ronghua"));
    assert_eq!(
        moves(1),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h3", "g3g4"]
    );
    assert_eq!(games[1].result, Some(GameResult::Draw));
    assert_eq!(moves(2), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(games[2].result, Some(GameResult::BlackWins));
}

#[test]
fn an_error_names_the_game_and_the_move_and_the_rest_still_read() {
    let text = format!(
        "{THREE_GAMES}\n[Red \"Lu\"]\n[Black \"Xu\"]\n1. 炮二平五 马８进７ 2. 马二进三 马８进７ 1-0\n\n1. c3c4 *\n"
    );
    let games = parse_pgn(&text);
    assert_eq!(games.len(), 5);
    let err = games[3].as_ref().unwrap_err();
    assert_eq!(err.game, 4);
    assert!(matches!(
        err.problem,
        PgnProblem::BadMove {
            ply: 3,
            side: Color::Black,
            ..
        }
    ));
    let message = err.to_string();
    assert!(
        message.starts_with("game 4 (Lu vs Xu), move 2 (Black):"),
        "{message}"
    );
    assert!(message.contains("马８进７"), "{message}");
    // The game after the bad one is read.
    let last = games[4].as_ref().unwrap();
    assert_eq!(last.moves, [mv("c3c4")]);
    assert_eq!(last.result, None);
}

#[test]
fn move_numbers_as_chinese_sites_write_them() {
    // Glued and full-width numbers, ellipses and ideographic spaces.
    let text = "1.炮二平五 马８进７\n２．马二进三 车９平８\n3. 兵七进一\n　　3. …………　　卒７进１ 4...车一平二 *\n";
    let game = parse_pgn(text).remove(0).unwrap();
    let moves: Vec<String> = game.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        moves,
        ["h2e2", "h9g7", "h0g2", "i9h9", "c3c4", "g6g5", "i0h0"]
    );
}

#[test]
fn fen_tags_and_unclosed_brackets() {
    let text = "[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 1\"]\n1... k4+1?? 1-0\n";
    let games = parse_pgn(text);
    let err = games[0].as_ref().unwrap_err();
    assert!(err.to_string().contains("move 1 (Black)"), "{err}");
    let text = "[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 1\"]\n1... K5+1 *\n";
    let game = parse_pgn(text).remove(0).unwrap();
    assert_eq!(game.moves, [mv("e9e8")]);
    let bad_fen = parse_pgn("[FEN \"9/9 w\"]\n1. h2e2 *\n");
    assert!(bad_fen[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("bad FEN tag"));
    let open = parse_pgn("1. h2e2 {never closed\n");
    assert!(open[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("'{' is never closed"));
}

#[test]
fn written_games_read_back_in_every_notation() {
    let games: Vec<_> = parse_pgn(THREE_GAMES)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    for game in &games {
        for notation in [
            Notation::Iccs,
            Notation::Wxf,
            Notation::Chinese(Script::Simplified),
            Notation::Chinese(Script::Traditional),
        ] {
            let text = write_pgn(game, notation);
            let again = parse_pgn(&text).remove(0).unwrap();
            assert_eq!(again.moves, game.moves, "{text}");
            assert_eq!(again.comments, game.comments, "{text}");
            assert_eq!(again.nags, game.nags, "{text}");
            assert_eq!(again.result, game.result);
        }
    }
    let chinese = write_pgn(&games[0], Notation::Chinese(Script::Simplified));
    assert!(
        chinese.contains("1. 炮二平五 马８进７ {the screen horse}\n2. 马二进三 车９平８"),
        "{chinese}"
    );
    assert!(chinese.contains("[Format \"Chinese\"]"));
    assert!(write_pgn(&games[1], Notation::Wxf).contains("1. C2.5 H8+7"));
}

/// A game as the match runner writes it: tags, moves, a comment on the
/// first move.
fn annotated(fen: &str, moves: &str) -> Game {
    let moves: Vec<Move> = moves.split_whitespace().map(mv).collect();
    let mut comments = vec![None; moves.len()];
    comments[0] = Some("+0.35/12 1.204s".to_string());
    let tags = vec![
        ("Event".into(), "test \"quoted\" \\ slashed".into()),
        ("FEN".into(), fen.into()),
        ("Result".into(), "0-1".into()),
    ];
    Game {
        comments,
        ..Game::new(
            tags,
            Position::from_fen(fen).unwrap(),
            moves,
            Some(GameResult::BlackWins),
        )
    }
}

#[test]
fn annotated_games_write_and_read_back_with_their_comments() {
    let game = annotated(Position::START_FEN, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
    let text = write_annotated_pgn(&game, Some("max moves {sic}"));
    assert!(
        text.starts_with("[Event \"test \\\"quoted\\\" \\\\ slashed\"]\n"),
        "{text}"
    );
    assert!(
        text.contains("\n\n1. h2e2 {+0.35/12 1.204s} h9g7 2. h0g2 i9h9 3. i0h0 b9c7 {max moves {sic)} 0-1\n\n"),
        "{text}"
    );
    // Appended games read back one by one; the closing comment joins the
    // last move's.
    let two = format!("{text}{text}");
    let back: Vec<Game> = parse_pgn(&two).into_iter().map(Result::unwrap).collect();
    assert_eq!(back.len(), 2);
    assert_eq!(back[1].moves, game.moves);
    assert_eq!(back[0].comments[0].as_deref(), Some("+0.35/12 1.204s"));
    assert_eq!(back[0].comments[1], None);
    assert_eq!(back[0].comments[5].as_deref(), Some("max moves {sic)"));
    assert_eq!(back[0].tag("Event"), Some("test \"quoted\" \\ slashed"));
    assert_eq!(back[0].result, Some(GameResult::BlackWins));
}

#[test]
fn annotated_games_number_black_first_with_dots_and_wrap_at_79() {
    let fen = "3k5/9/9/9/9/9/9/9/9/4K3R b - - 0 7";
    let game = annotated(fen, "d9d8 i0i8 d8d9");
    let text = write_annotated_pgn(&game, None);
    assert!(
        text.contains("7... d9d8 {+0.35/12 1.204s} 8. i0i8 d8d9 0-1"),
        "{text}"
    );
    assert_eq!(parse_pgn(&text).remove(0).unwrap().moves.len(), 3);
    let long = "i0i1 d9d8 i1i0 d8d9 ".repeat(6);
    let mut game = annotated("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", &long);
    game.comments = vec![None; game.moves.len()];
    let text = write_annotated_pgn(&game, Some(&"x".repeat(100)));
    let movetext: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).collect();
    assert!(
        movetext.iter().all(|l| l.len() <= 79 || !l.contains(' ')),
        "{text}"
    );
    assert!(movetext.len() > 3, "{text}");
}

#[test]
fn comments_belong_to_the_move_before_them() {
    let text = "{before any move} 1. h2e2 {first} {second\nline} (1. c3c4 {in a variation}) \
                h9g7 ; rest of line\n2. h0g2 *";
    let game = parse_pgn(text).remove(0).unwrap();
    assert_eq!(
        game.comments,
        [Some("first; second line".to_string()), None, None]
    );
    assert_eq!(game.result, None);
}
