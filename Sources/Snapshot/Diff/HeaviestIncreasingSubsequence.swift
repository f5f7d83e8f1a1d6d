/// Marks a heaviest strictly increasing subsequence of `keys`.
///
/// `keys` are distinct; `weights` are non-negative. The result flags the elements of a
/// subsequence whose keys increase and whose total weight is the largest possible (an element
/// of weight 0 may or may not be flagged). The engine calls it with one element per section,
/// or per run of items that stayed together: the key is the old position, the weight the
/// number of entries that would otherwise move (shifted into the high 32 bits where a
/// tie-breaking count sits in the low ones, see
/// ``DiffMatch/placeItemsAroundReloads(fates:shiftHolds:)``), so the entries *not* flagged
/// are the fewest that must move.
///
/// - Complexity: O(r) when the keys already increase, else O(r log r), for r elements.
@inlinable
func heaviestIncreasingSubsequence(keys: [Int], weights: [Int]) -> [Bool] {
  let count = keys.count
  var increasing = true
  var index = 1
  while index < count {
    if keys[index - 1] > keys[index] {
      increasing = false
      break
    }
    index += 1
  }
  if increasing { return [Bool](repeating: true, count: count) }

  // Rank the keys, then sweep in order with a Fenwick tree holding, for each rank, the
  // heaviest subsequence ending at a key of at most that rank.
  let order = (0..<count).sorted { keys[$0] < keys[$1] }
  var rank = [Int](repeating: 0, count: count)
  for (position, element) in order.enumerated() { rank[element] = position + 1 }

  var treeWeight = [Int](repeating: 0, count: count + 1)
  var treeElement = [Int](repeating: -1, count: count + 1)
  var predecessor = [Int](repeating: -1, count: count)
  var total = [Int](repeating: 0, count: count)
  var bestElement = -1
  var bestTotal = 0
  for element in 0..<count {
    var node = rank[element] - 1
    var heaviest = 0
    var heaviestElement = -1
    while node > 0 {
      if treeWeight[node] > heaviest {
        heaviest = treeWeight[node]
        heaviestElement = treeElement[node]
      }
      node &= node - 1
    }
    let sum = heaviest + weights[element]
    total[element] = sum
    predecessor[element] = heaviestElement
    if sum > bestTotal {
      bestTotal = sum
      bestElement = element
    }
    node = rank[element]
    while node <= count {
      if sum > treeWeight[node] {
        treeWeight[node] = sum
        treeElement[node] = element
      }
      node += node & -node
    }
  }

  var flags = [Bool](repeating: false, count: count)
  var element = bestElement
  while element >= 0 {
    flags[element] = true
    element = predecessor[element]
  }
  return flags
}
