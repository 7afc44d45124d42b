import LookaheadFeedServer
import LookaheadSimulation
import Testing

@Suite("Seeded fault plans")
struct FaultPlanTests {
  @Test("a list of rates parses as percentages or fractions and prints back")
  func parsing() throws {
    let plan = try FaultPlan(parsing: "5xx=5%,truncate=0.02,stall=1%,reset=1%")
    #expect(plan.rates[.serverError] == 0.05)
    #expect(plan.rates[.truncatedBody] == 0.02)
    #expect(plan.rates[.slowFirstByte] == nil)
    #expect(plan.description == "5xx=5%,truncate=2%,stall=1%,reset=1%")
    #expect(try FaultPlan(parsing: "none").isEmpty)
    #expect(try FaultPlan(parsing: "slow=0.5%").description == "slow=0.5%")
  }

  @Test(
    "a list that is not understood names the item",
    arguments: [
      ("5xx", "`5xx`: expected NAME=RATE"), ("boom=1%", "`boom=1%`: expected NAME=RATE"),
      ("stall=lots", "`stall=lots`: the rate must be"), ("reset=150%", "`reset=150%`: the rate"),
      ("5xx=60%,stall=50%", "the rates add up to more than 100%"),
      ("stall=1%,stall=2%", "`stall` is given twice"),
    ])
  func badLists(text: String, reason: String) {
    do {
      _ = try FaultPlan(parsing: text)
      Issue.record("\(text) parsed")
    } catch {
      #expect(error.description.hasPrefix(reason), "\(error)")
    }
  }

  @Test("draws are seeded: the same request fails the same way, at the planned rates")
  func draws() throws {
    let plan = try FaultPlan(parsing: "5xx=10%,truncate=5%,reset=5%", seed: 7)
    var counts: [FaultPlan.Fault?: Int] = [:]
    for item in 0..<20_000 {
      let fault = plan.fault(for: .image, index: item, attempt: 0)
      #expect(fault == plan.fault(for: .image, index: item, attempt: 0))
      counts[fault, default: 0] += 1
      let cut = plan.cutFraction(for: .image, index: item, attempt: 0)
      #expect(cut >= 0.1 && cut < 0.9)
    }
    #expect(abs(Double(counts[.serverError] ?? 0) / 20_000 - 0.10) < 0.01)
    #expect(abs(Double(counts[.truncatedBody] ?? 0) / 20_000 - 0.05) < 0.007)
    #expect(abs(Double(counts[.reset] ?? 0) / 20_000 - 0.05) < 0.007)
    #expect(counts[.stall] == nil && counts[.slowFirstByte] == nil)
    let other = try FaultPlan(parsing: "5xx=10%,truncate=5%,reset=5%", seed: 8)
    let differs = (0..<200).contains {
      plan.fault(for: .image, index: $0, attempt: 0)
        != other.fault(for: .image, index: $0, attempt: 0)
    }
    #expect(differs)
    let retried = (0..<200).contains {
      plan.fault(for: .page, index: $0, attempt: 0) != plan.fault(for: .page, index: $0, attempt: 1)
    }
    #expect(retried)
  }
}
