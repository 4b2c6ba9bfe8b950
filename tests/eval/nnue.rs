//! The network evaluation through the library: the accumulator kept move by
//! move equals one computed from scratch (with king buckets too), the
//! network file round-trips and a damaged one is refused, and the built-in
//! network reads.

use chuhan::eval::nnue::king_buckets::KingBuckets;
use chuhan::eval::nnue::network::file_len;
use chuhan::eval::nnue::shape::HIDDEN;
use chuhan::eval::nnue::{built_in, evaluate, Accumulator, Network, NetworkError};
use chuhan::random::Rng;
use chuhan::Position;

#[test]
fn the_accumulator_kept_move_by_move_equals_a_fresh_one_over_a_long_random_walk() {
    random_walk(&built_in());
}

#[test]
fn with_king_buckets_too_the_accumulator_kept_move_by_move_equals_a_fresh_one() {
    use crate::scrambled_network::scrambled;
    use chuhan::learn::train::Architecture;
    for king_buckets in [KingBuckets::Rank, KingBuckets::Square] {
        let architecture = Architecture {
            king_buckets,
            ..Architecture::default()
        };
        let crossings = random_walk(&scrambled(21, architecture).quantise());
        assert!(
            crossings > 20,
            "{king_buckets:?}: {crossings} king moves across buckets"
        );
    }
}

/// Walks 40 random games of up to 150 plies, each step forward or back,
/// comparing the sums kept move by move with the sums from scratch; returns
/// how many of the moves took a king into another king bucket.
fn random_walk(net: &Network) -> usize {
    let mut rng = Rng::new(5);
    let (mut checked, mut crossings) = (0, 0);
    for _game in 0..40 {
        let mut pos = Position::startpos();
        let mut stack = vec![Accumulator::refresh(net, &pos)];
        for _ply in 0..150 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Mostly forward, sometimes a step back, so unmake is walked too.
            if stack.len() > 1 && rng.below(5) == 0 {
                pos.unmake();
                stack.pop();
            } else {
                let mv = moves[rng.below(moves.len() as u64) as usize];
                let next = stack.last().unwrap().after(net, &pos, mv);
                let side = pos.side_to_move();
                let bucket = net.king_buckets.of_side(&pos, side);
                pos.make(mv);
                crossings += usize::from(net.king_buckets.of_side(&pos, side) != bucket);
                stack.push(next);
            }
            let fresh = Accumulator::refresh(net, &pos);
            assert_eq!(*stack.last().unwrap(), fresh, "{}", pos.to_fen());
            assert_eq!(
                stack.last().unwrap().evaluate(net, &pos),
                evaluate(net, &pos)
            );
            checked += 1;
        }
    }
    assert!(checked > 4000, "{checked} positions");
    crossings
}

#[test]
fn a_network_file_round_trips_and_a_damaged_one_is_refused() {
    let net = built_in();
    let bytes = net.to_bytes();
    let len = file_len(net.buckets(), net.king_buckets, net.layer_units());
    assert_eq!(bytes.len(), len);
    assert_eq!(Network::from_bytes(&bytes).as_ref(), Ok(&*net));
    assert_eq!(
        Network::from_bytes(&bytes[..bytes.len() - 100]),
        Err(NetworkError::Length {
            expected: len,
            found: len - 100
        })
    );
    let mut flipped = bytes.clone();
    flipped[30 + 2 * HIDDEN] ^= 0x10;
    assert_eq!(Network::from_bytes(&flipped), Err(NetworkError::Corrupt));
    assert_eq!(
        Network::from_bytes(b"not a network at all"),
        Err(NetworkError::NotANetwork)
    );
    let mut other_shape = bytes;
    other_shape[12] = 0;
    other_shape[13] = 1;
    assert!(matches!(
        Network::from_bytes(&other_shape),
        Err(NetworkError::Shape { .. })
    ));
}

#[test]
fn a_network_with_a_hidden_layer_is_written_as_version_4_with_its_units() {
    use crate::scrambled_network::scrambled;
    use chuhan::learn::train::Architecture;
    let architecture = Architecture {
        king_buckets: KingBuckets::Rank,
        layer_units: 5,
        ..Architecture::default()
    };
    let net = scrambled(4, architecture).quantise();
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), file_len(8, KingBuckets::Rank, 5));
    assert_eq!(
        (bytes[8], bytes[19], bytes[22]),
        (4, KingBuckets::Rank.code(), 5)
    );
    assert_eq!(Network::from_bytes(&bytes).as_ref(), Ok(&net));
    // The units' count is checked before the length it implies.
    for units in [0u16, 33] {
        let mut other = bytes.clone();
        other[22..24].copy_from_slice(&units.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&other),
            Err(NetworkError::LayerUnits(units))
        );
    }
    let mut fewer = bytes.clone();
    fewer[22] = 4;
    assert!(matches!(
        Network::from_bytes(&fewer),
        Err(NetworkError::Length { .. })
    ));
    // The layer acts: without it the same network evaluates otherwise.
    let mut without = net.clone();
    without.hidden_layer = None;
    let mut rng = Rng::new(3);
    let mut pos = Position::startpos();
    let mut differ = 0;
    for _ in 0..60 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.below(moves.len() as u64) as usize]);
        differ += usize::from(evaluate(&net, &pos) != evaluate(&without, &pos));
    }
    assert!(differ > 30, "{differ} of 60 positions");
}

#[test]
fn a_network_with_king_buckets_is_written_as_version_3_and_the_plain_one_as_version_2() {
    use chuhan::learn::train::{Architecture, FloatNetwork};
    let plain = FloatNetwork::random(3, Architecture::default()).quantise();
    assert_eq!(plain.to_bytes()[8..10], [2, 0]);
    let architecture = Architecture {
        king_buckets: KingBuckets::Square,
        ..Architecture::default()
    };
    let net = FloatNetwork::random(3, architecture).quantise();
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), file_len(8, KingBuckets::Square, 0));
    assert_eq!((bytes[8], bytes[19]), (3, KingBuckets::Square.code()));
    assert_eq!(Network::from_bytes(&bytes).as_ref(), Ok(&net));
    // An unknown layout is named; a layout the weights do not fill is cut short.
    let mut unknown = bytes.clone();
    unknown[19] = 7;
    assert_eq!(
        Network::from_bytes(&unknown),
        Err(NetworkError::KingBuckets(7))
    );
    let mut fewer = bytes;
    fewer[19] = KingBuckets::Rank.code();
    assert!(matches!(
        Network::from_bytes(&fewer),
        Err(NetworkError::Shape { .. })
    ));
}

#[test]
fn the_network_sees_a_missing_chariot_from_both_sides() {
    let net = built_in();
    let red_up = "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let white = Position::from_fen(red_up).unwrap();
    let black = Position::from_fen(&red_up.replace(" w ", " b ")).unwrap();
    assert!(evaluate(&net, &white) > 400, "{}", evaluate(&net, &white));
    assert!(evaluate(&net, &black) < -400, "{}", evaluate(&net, &black));
}

use crate::engine_process;

/// What `eval` names as the evaluation that speaks.
fn evaluation(e: &mut engine_process::Engine) -> String {
    e.send("eval");
    let said = e.until("eval total", engine_process::SLOW);
    said[0].split_once(" evaluation ").unwrap().1.to_string()
}

#[test]
fn a_damaged_network_file_is_refused_in_one_line_and_the_evaluation_stays() {
    let dir = std::env::temp_dir().join(format!("chuhan-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bytes = built_in().to_bytes();
    let cut = dir.join("cut.nnue");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let mut flipped = bytes.clone();
    flipped[1000] ^= 1;
    let damaged = dir.join("damaged.nnue");
    std::fs::write(&damaged, &flipped).unwrap();
    let sound = dir.join("sound.nnue");
    std::fs::write(&sound, &bytes).unwrap();

    let mut e = engine_process::Engine::ucci();
    e.send("setoption usennue true");
    e.send("position startpos");
    let network = evaluation(&mut e);
    assert!(network.starts_with("network "), "{network}");
    let missing = dir.join("missing.nnue");
    // The system's own words for a file that is not there.
    let not_found = std::fs::read(&missing).unwrap_err().to_string();
    for (file, why) in [
        (&cut, "cut short"),
        (&damaged, "checksum"),
        (&missing, not_found.as_str()),
    ] {
        e.send(&format!("setoption evalfile {}", file.display()));
        let said = e.sync();
        let errors: Vec<&String> = said
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .collect();
        assert_eq!(errors.len(), 1, "{said:?}");
        assert!(
            errors[0].contains(&file.display().to_string())
                && errors[0].contains(why)
                && errors[0].contains("keeping <built-in>"),
            "{}",
            errors[0]
        );
        assert_eq!(evaluation(&mut e), network, "the evaluation stays");
        e.send("go depth 3");
        engine_process::legal_best(&e.until_best(engine_process::SLOW), &Position::startpos());
    }
    // A sound copy is accepted; the classical evaluation is a switch away.
    e.send(&format!("setoption evalfile {}", sound.display()));
    assert!(!e.sync().iter().any(|l| l.contains("error")));
    assert_eq!(evaluation(&mut e), network);
    e.send("setoption usennue false");
    assert_eq!(evaluation(&mut e), "classical");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_squared_network_with_an_output_weight_past_its_range_is_refused() {
    use chuhan::eval::nnue::network::Activation;
    use chuhan::learn::train::{Architecture, FloatNetwork};
    let mut net = FloatNetwork::random(4, Architecture::default()).quantise();
    assert_eq!(net.activation, Activation::SquaredClipped);
    assert_eq!(Network::from_bytes(&net.to_bytes()).as_ref(), Ok(&net));
    net.output_weights[3][1][7] = 200;
    assert_eq!(
        Network::from_bytes(&net.to_bytes()),
        Err(NetworkError::OutputWeight(200))
    );
}
